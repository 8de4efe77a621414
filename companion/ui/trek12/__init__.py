"""Trek 12: Himalaya's screens.

- `screens`: the routes the shell knows (a new Ascent, the Ascent at the table, a finished one), registered
  with `companion.ui.common.registry`;
- `setup`: the new Ascent: the sheet (printed or imported), who plays on this device, Max;
- `turn`: one player's turn as a small state machine over the engine's answers;
- `sheet`: the Ascent sheet drawn from its data;
- `panels`: the play screen's panels: dice, Dice Options, Assist cards, the score strip, the sheet tabs.
"""
