"""14ers' screens.

- `screens`: the routes the shell knows (a new game with the card catalog beside it, the game in
  progress), registered with `companion.ui.common.registry`;
- `setup`: setting a game up: players and Hikers, Weather, the Accolade, Gerry;
- `play`: playing beside the real cards: reveal, the gain check, Guides, tucking, Gerry, end scoring;
- `forms`: what the card editors hold while someone fills them in; `editor`: the card catalog's screens;
- `catalog`: where the owner's catalog is kept (the store, a shared file);
- `table`: each tableau drawn as a Hiker card, the forecast, the scores; `parts`: chips, steppers, badges.
"""
