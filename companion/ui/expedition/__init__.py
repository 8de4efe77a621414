"""Trek 12 Expeditions' screens.

- `screens`: the routes the shell knows (a new Expedition, one under way, a finished one), registered with
  `companion.ui.common.registry`;
- `setup`: the new Expedition: players clockwise, the deck, the Hall of Fame as it stands;
- `forms`: what the players have tapped so far, turned into the engine's actions;
- `panels`: the play panels: reveal, the Ascent under way, picks, scores, envelopes;
- `sheets`: an Ascent's sheet played in the app (a Trek 12 session) and its result read back;
- `stars`: the standings as pictures; `parts`: stars, Assist cards, toggles, steppers;
- `hall`: the Hall of Fame screen (`/hall-of-fame`, or above the Expedition screen that opened it).
"""
