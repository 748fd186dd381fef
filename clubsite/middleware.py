"""Headers Django's own middleware does not set: Permissions-Policy (settings.PERMISSIONS_POLICY).

The Content Security Policy is django-csp's (csp.middleware.CSPMiddleware, settings.CONTENT_SECURITY_POLICY); the
rest (HSTS, nosniff, Referrer-Policy, Cross-Origin-Opener-Policy, X-Frame-Options) Django's SecurityMiddleware and
XFrameOptionsMiddleware. docs/security.md says what each allows.
"""

from __future__ import annotations

from django.conf import settings


def permissions_policy(get_response):
    """No page of ours uses the camera, the microphone, the location, payments or USB: say so to the browser."""
    policy = getattr(settings, "PERMISSIONS_POLICY", "")

    def middleware(request):
        response = get_response(request)
        if policy:
            response.headers.setdefault("Permissions-Policy", policy)
        return response

    return middleware
