"""Match mode: a match followed shot by shot at the table (contract « Matches »).

``model`` replays a match's shots into its state (each rack through
:class:`qa.engine.rack.RackState`, the engine's own rack ruling); ``store`` keeps matches and
their shots in the quiz database (SQLite or PostgreSQL); ``service`` is the workflow the web
views call (create, shot, undo, warning, view); ``export`` writes JSON and CSV.
"""
