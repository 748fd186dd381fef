"""Pages: home, club home, members, the club's sessions (list, new, edit). Thin: selectors read, services write.

A session's own page, its status changes and its pairs are composed from every engine: ``events.views``.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from clubs import selectors, services
from clubs.forms import ClubForm, MemberForm, MemberLoginForm, RoleGrantForm, SessionForm
from clubs.models import ClubRole
from clubs.permissions import can_direct, is_site_auditor
from clubsite.forms import report_errors


def _save_or_report(form, save):
    """Run a service; a ValidationError from it lands on the form instead of escaping."""
    try:
        return save()
    except ValidationError as exc:
        report_errors(form, exc)
        return None


@require_safe
def home(request):
    if not request.user.is_authenticated:
        return render(request, "clubs/home_anonymous.html")
    today = timezone.localdate()
    sessions = selectors.session_list_for_user(request.user)
    return render(
        request,
        "clubs/home.html",
        {
            "clubs": selectors.club_list_for_user(request.user),
            "upcoming": selectors.sessions_coming(sessions, today=today)[:10],
            "recent": selectors.sessions_recent(sessions, today=today)[:10],
            "is_auditor": is_site_auditor(request.user),
        },
    )


@require_safe
@login_required
def club_detail(request, slug):
    club = selectors.club_get_for_viewer(user=request.user, slug=slug)
    today = timezone.localdate()
    sessions = club.sessions.all()
    return render(
        request,
        "clubs/club_detail.html",
        {
            "club": club,
            "upcoming": selectors.sessions_coming(sessions, today=today),
            "recent": selectors.sessions_recent(sessions, today=today)[:20],
            "member_count": club.members.filter(is_active=True).count(),
            "can_direct": can_direct(request.user, club),
        },
    )


@login_required
def club_edit(request, slug):
    club = selectors.club_get_for_director(user=request.user, slug=slug)
    form = ClubForm(request.POST if request.method == "POST" else None, instance=club)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if _save_or_report(
            form,
            lambda: services.club_update(
                club=club, name=data["name"], city=data["city"], results_public=data["results_public"]
            ),
        ):
            messages.success(request, _("Club details saved."))
            return redirect("clubs:detail", slug=club.slug)
    return render(request, "clubs/club_form.html", {"club": club, "form": form})


@require_safe
@login_required
def session_list(request, slug):
    club = selectors.club_get_for_viewer(user=request.user, slug=slug)
    return render(
        request,
        "clubs/session_list.html",
        {
            "club": club,
            "sessions": club.sessions.all(),
            "can_direct": can_direct(request.user, club),
        },
    )


@login_required
def session_create(request, slug):
    club = selectors.club_get_for_director(user=request.user, slug=slug)
    form = SessionForm(
        request.POST if request.method == "POST" else None, club=club, initial={"date": timezone.localdate()}
    )
    if request.method == "POST" and form.is_valid():
        session = _save_or_report(form, lambda: services.session_create(club=club, **form.cleaned_data))
        if session:
            messages.success(request, _("Session created."))
            return redirect("events:session_detail", session_id=session.pk)
    return render(request, "clubs/session_form.html", {"club": club, "form": form})


@login_required
def session_edit(request, session_id):
    session = selectors.session_get_for_director(user=request.user, session_id=session_id)
    form = SessionForm(request.POST if request.method == "POST" else None, instance=session, club=session.club)
    if request.method == "POST" and form.is_valid():
        if _save_or_report(form, lambda: services.session_update(session=session, **form.cleaned_data)):
            messages.success(request, _("Session saved."))
            return redirect("events:session_detail", session_id=session.pk)
    return render(request, "clubs/session_form.html", {"club": session.club, "form": form, "session": session})


@require_safe
@login_required
def member_list(request, slug):
    club = selectors.club_get_for_director(user=request.user, slug=slug)
    return render(request, "clubs/member_list.html", {"club": club, "members": selectors.member_list(club=club)})


@login_required
def member_create(request, slug):
    club = selectors.club_get_for_director(user=request.user, slug=slug)
    form = MemberForm(request.POST if request.method == "POST" else None, club=club)
    if request.method == "POST" and form.is_valid():
        data = {k: v for k, v in form.cleaned_data.items() if k != "is_active"}
        if _save_or_report(form, lambda: services.member_create(club=club, **data)):
            messages.success(request, _("Member added."))
            return redirect("clubs:member_list", slug=club.slug)
    return render(request, "clubs/member_form.html", {"club": club, "form": form})


def _member_page(request, club, member, *, form=None, login_form=None, role_form=None):
    roles = ClubRole.objects.filter(club=club, user=member.user) if member.user_id else ClubRole.objects.none()
    return render(
        request,
        "clubs/member_form.html",
        {
            "club": club,
            "member": member,
            "form": form or MemberForm(instance=member, club=club),
            "login_form": login_form or MemberLoginForm(member=member),
            "role_form": role_form or RoleGrantForm(),
            "roles": roles,
        },
    )


@login_required
def member_edit(request, slug, member_id):
    club = selectors.club_get_for_director(user=request.user, slug=slug)
    member = selectors.member_get_for_director(user=request.user, club=club, member_id=member_id)
    form = MemberForm(request.POST if request.method == "POST" else None, instance=member, club=club)
    if request.method == "POST" and form.is_valid():
        if _save_or_report(form, lambda: services.member_update(member=member, **form.cleaned_data)):
            messages.success(request, _("Member saved."))
            return redirect("clubs:member_list", slug=club.slug)
    return _member_page(request, club, member, form=form)


@login_required
@require_POST
def member_login_create(request, slug, member_id):
    club = selectors.club_get_for_director(user=request.user, slug=slug)
    member = selectors.member_get_for_director(user=request.user, club=club, member_id=member_id)
    if member.user_id is not None:  # the page shows no login form then: its error would go unseen
        messages.error(request, _("This member already has a login."))
        return redirect("clubs:member_edit", slug=club.slug, member_id=member.pk)
    form = MemberLoginForm(request.POST, member=member)
    if form.is_valid() and _save_or_report(
        form, lambda: services.member_login_create(member=member, **form.cleaned_data)
    ):
        messages.success(request, _("Login created for %(name)s.") % {"name": member.full_name})
        return redirect("clubs:member_edit", slug=club.slug, member_id=member.pk)
    return _member_page(request, club, member, login_form=form)


@login_required
@require_POST
def member_role(request, slug, member_id):
    """Grant (``action=grant``) or revoke (``action=revoke``) a role of a member's login."""
    club = selectors.club_get_for_director(user=request.user, slug=slug)
    member = selectors.member_get_for_director(user=request.user, club=club, member_id=member_id)
    form = RoleGrantForm(request.POST)
    if member.user_id is None:
        messages.error(request, _("Give the member a login first."))
    elif form.is_valid():
        role = form.cleaned_data["role"]
        if request.POST.get("action") == "revoke":
            try:
                services.club_role_revoke(club=club, user=member.user, role=role, by=request.user)
                messages.success(request, _("Role removed."))
            except ValidationError as exc:
                messages.error(request, " ".join(exc.messages))
        else:
            services.club_role_grant(club=club, user=member.user, role=role)
            messages.success(request, _("Role granted."))
    else:
        return _member_page(request, club, member, role_form=form)
    return redirect("clubs:member_edit", slug=club.slug, member_id=member.pk)
