"""Ridgeline's screens.

- `screens`: the routes the shell knows (a new table, the game at the table, a finished one), registered
  with `companion.ui.common.registry`;
- `setup`: the new table: seats in order, the route, the first dealer;
- `table`: the coming hand, every seat's camp and fatigue; `hand`: the end-of-hand panel;
- `tools`: the meld checker and the pitch finder;
- `parts`: coloured cards, the card picker, card trays, camps in words.
"""
