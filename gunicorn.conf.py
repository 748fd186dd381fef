"""Gunicorn's settings, read from the working directory (README: ``gunicorn clubsite.wsgi -b 0.0.0.0:8000 -w 4``).

SIGTERM (systemd, Docker, a supervisor) stops gunicorn gracefully: it stops accepting, lets the
requests in flight finish, then exits. Gunicorn's default grace is 30 s, and a slow client (a big
deal-set download, a request trickling in) kept a worker, and so the server, alive that long;
supervisors give ten seconds. Five seconds finish any ordinary page; a download cut by a restart is
started again. ``tests/clubsite/test_stopping.py`` holds the server to it.
"""

graceful_timeout = 5

# Load the application (Django, the URL configuration, every view: ``clubsite.wsgi.warm_up``) once in the
# master before forking: workers start ready and share those pages of memory, so no request waits for a
# worker's imports (the load test's slowest answers were the first ones each worker took).
preload_app = True
