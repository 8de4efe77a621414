"""The companion inside a browser: the static offline build, and what the app needs when Python runs in the page."""
