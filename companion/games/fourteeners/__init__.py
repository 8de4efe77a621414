"""14ers: tableaus of Climb cards, Guides, Weather, Accolades and the solo opponent Gerry.

`data` loads the rulebook's facts, `abilities` the card vocabulary, `catalog` the owner's card catalog,
`rules` the reducer and the gain check, `scoring` the end scoring, `solo` Gerry, `files` the command line
and `session` the app's JSON-action interface.
"""

__all__ = ["abilities", "catalog", "data", "files", "rules", "scoring", "session", "solo"]
