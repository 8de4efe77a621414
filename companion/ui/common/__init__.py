"""What every screen uses: the app's services (`use_app`, the shell's state), the widgets and layout of a
screen, files to and from the person using the app, abandoning a game, and the registry through which each
game's package offers its screens to the shell."""
