"""The demo club's evenings, for ``python manage.py seed_demo`` (``events/management/commands/seed_demo.py``):
``dealing`` deals the sessions and publishes a commitment; ``scoring`` plays, scores and publishes them."""
