"""The Flet screens: a declarative app shell (home, players, history, settings) and each game's screens.

`companion.ui.shell.app.build_main(store)` returns the Flet `main(page)`. Game screens plug in through
`companion.ui.common.registry.register_game_screen` from their own package `companion/ui/<game_id>/` (its `screens` module), and reach
the store and session keeper with `companion.ui.common.services.use_app()`. Screens never compute a rule or a
score themselves: they call the game packages and the session keeper.
"""
