"""The teams app's bridge logic in plain Python (no Django): how many rounds a format plays, and how a round's
boards are shared between the matches when the club has fewer board sets than matches (``sharing``)."""
