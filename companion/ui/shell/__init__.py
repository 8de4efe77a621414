"""The app shell and the table-wide screens: the app and its router (`app`, `routes`), home, players,
history and a finished game's record, statistics with their charts, settings, and playing on the Wi-Fi.

Game screens are not imported here: `companion.ui.common.registry.discover_game_screens` loads each game's
package under `companion/ui/<game>/` on start.
"""
