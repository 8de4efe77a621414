"""Freunde's screens.

- `screens`: the routes the shell knows (a new game, the game at the table, a finished one), registered
  with `companion.ui.common.registry`;
- `setup`: the new game: players, the board side, the weather;
- `turn`: the sections of a turn, one per step; `board`: the board drawn for a phone;
- `weather`: the forecast, the 18 days, a tile's editor; `editor`: correcting the unverified winter board;
- `parts`: cards, climbers, the acclimatization track, chips, words.
"""
