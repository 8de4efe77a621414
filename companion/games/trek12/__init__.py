"""Trek 12: Himalaya: Ascent sheets, dice options, Fixed Lines, Mapped Zones, scoring, Max and Assist cards."""
