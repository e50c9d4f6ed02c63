"""One reader per family of facts."""
