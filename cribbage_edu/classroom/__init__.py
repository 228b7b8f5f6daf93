"""The classroom: serving a class with the tools a school runs, configured, not rewritten.

- :mod:`~cribbage_edu.classroom.games`: the game page for a class on Voila (the command
  line and settings), with :mod:`~cribbage_edu.classroom.voila` (the token's login, the
  page kept to one notebook) and :mod:`~cribbage_edu.classroom.kernels` (a cap on games,
  one game a browser), both run inside Voila's server;
- :mod:`~cribbage_edu.classroom.course`: a learner's own copy of the lessons, in JupyterLab;
- :mod:`~cribbage_edu.classroom.hub`: the course for a class on JupyterHub (its written
  configuration, passwords, the proxy), with :mod:`~cribbage_edu.classroom.hub_users` (a
  Unix user each, the state folder's permissions), :mod:`~cribbage_edu.classroom.hub_parts`
  (the authenticator and spawner JupyterHub loads) and
  :mod:`~cribbage_edu.classroom.hub_exchange` (nbgrader's hand-in and collect, kept private);
- :mod:`~cribbage_edu.classroom.assignments`: the nbgrader course built from the lessons,
  its settings and the class's results; :mod:`~cribbage_edu.classroom.marking` marks plain
  answers, :mod:`~cribbage_edu.classroom.assessment` is the end-of-course test;
- :mod:`~cribbage_edu.classroom.serving`: what the servers share (ports, secrets, serving
  until stopped); :mod:`~cribbage_edu.classroom.errors`: the one-line error for settings
  that cannot be used.

Nothing here parses argv: the commands in :mod:`cribbage_edu.cli` do, and call in here.
Importing this package imports none of JupyterHub, Voila or nbgrader; the modules that
subclass them import them.
"""
