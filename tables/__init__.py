"""Table-side entry: phones at the tables enter and confirm results, read where to move, and the
director watches the evening in a live room (issue 11). See ``tables/domain/__init__.py`` for the map."""
