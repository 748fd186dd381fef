"""The site's URLs plus two that fail, for the 500 page's tests (``ROOT_URLCONF`` in those tests only)."""

from django.urls import path

from clubsite.urls import handler400, handler403, handler404, handler500  # noqa: F401
from clubsite.urls import urlpatterns as site


def crash(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [path("crash/", crash), path("api/v1/crash/", crash), *site]
