"""The site's front page, ``home`` (no namespace): the root URLconf includes it by name, as it does every app's
pages, so the wiring (``clubsite/urls.py``) imports no app."""

from django.urls import path

from clubs.views import home

urlpatterns = [path("", home, name="home")]
