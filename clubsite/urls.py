"""URL map: pages per app, the versioned API, its schema and docs, health, i18n."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from clubsite import views

api_v1 = [
    path("", include("clubs.api_urls")),
    path("", include("events.api_urls")),
    path("", include("dealing.api_urls")),
    path("", include("movements.api_urls")),
    path("", include("scoring.api_urls")),
    path("", include("tables.api_urls")),
]

urlpatterns = [
    path("", include("clubs.home_urls")),
    path("", include("clubs.urls")),
    path("", include("events.urls")),
    path("dealing/", include("dealing.urls")),
    path("movements/", include("movements.urls")),
    path("scoring/", include("scoring.urls")),
    path("", include("tables.urls")),
    path("", include("teams.urls")),
    path("", include("simultaneous.urls")),
    path("audits/", include("audits.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("tools/verify_commitment.py", views.verifier_download, name="verifier_download"),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI with its start-up script served from this address (?script) rather than inline: the Content
    # Security Policy allows no inline script (docs/security.md).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
]

# Error pages in the site's layout and the reader's language (JSON under /api/): clubsite/views.py.
handler400 = "clubsite.views.bad_request"
handler403 = "clubsite.views.permission_denied"
handler404 = "clubsite.views.page_not_found"
handler500 = "clubsite.views.server_error"
