// Placeholder: the web UI branch replaces this file.
