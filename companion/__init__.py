"""The climbing companion: the fiddly part of four climbing board games, on the table beside them."""

__version__ = "0.1.0"
