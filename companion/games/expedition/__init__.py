"""Trek 12 Expeditions: three Ascents, Reputation stars, Assist cards, Challenge envelopes, Max, Hall of Fame."""
