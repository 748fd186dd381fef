"""Audits of SquareDeal events: anyone may check an organiser's commit–reveal dealing, in the browser.

A site auditor or any club's director creates an audit of a SquareDeal event
(``../shared/specs/bigdeal-squaredeal.md`` §5): uploads the ``.sqd`` published before the event,
later the revealed ``.sqk`` (and, if the organiser re-issued it, the ``.sqd`` carrying the DV),
and the event's hand records (PBN files named by session, or one file of all deals). Running it
checks the key hash, regenerates every deal BigDeal-exactly and compares board by board, on a
Celery worker with a progress bar; the verdict per board, per session and for the event is kept
as a permanent public record with every file and its SHA-256. A concluded audit cannot be
changed; a new one can be made from its files.

The bridge (reading the files, placing hand records on boards, regenerating, verdicts) is plain
Python in :mod:`dealing.domain.squaredeal` and :mod:`dealing.domain.squaredeal_audit`; this app
is the Django around it:

* ``models`` — :class:`~audits.models.SquareDealAudit`, its files (:class:`~audits.models.AuditFile`:
  the bytes and their SHA-256) and its sessions' verdicts (:class:`~audits.models.AuditSession`).
* ``services`` — every write: create, add files, remove a file, start, run (the worker's part),
  copy, delete a draft. A concluded audit refuses them all.
* ``selectors`` — who may see which audit: concluded audits are public (anonymous visitors
  included: they hold only what SquareDeal publishes after the event); drafts only their creator
  and site auditors.
* ``tasks`` — ``squaredeal_audit_run_task(audit_id)``: calls ``services.audit_run`` and reports
  progress. ``views``/``urls`` — the pages under ``/audits/`` (templates in ``templates/audits/``).
"""
