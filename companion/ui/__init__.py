"""The Flet screens, laid out like the engines in `companion/games/`.

- `ui/<game>/` (trek12, expedition, fourteeners, ridgeline, freunde): one game's screens, with the same
  names for the same parts in every game: `screens` (the routes the shell knows, registered with it),
  `setup` (the new-game screen), and as the game needs them `panels`, `parts`, `forms`, `table`, `turn`,
  `editor`, ...;
- `ui/shell/`: the app and its routes (`shell.app.build_main(store)` returns the Flet `main(page)`), home,
  players, history and a finished game's record, statistics, settings, the Wi-Fi join;
- `ui/common/`: what every screen uses: `services.use_app()` (the store and the session keeper), widgets,
  files, routing, abandoning a game, and the registry through which each game offers its screens.

Screens never compute a rule or a score themselves: they call the game packages and the session keeper.
"""
