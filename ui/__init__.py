"""What the pages draw, in packages named for what a user sees: see ui/README.md."""
