"""Serving the app to browsers: who may connect (guard), playing on the Wi-Fi (lan), the server (web)."""
