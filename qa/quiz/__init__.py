"""Referee quizzes: questions with a provable right answer, and the SQLite store of attempts.

- :mod:`qa.quiz.generate` — ``generate(book, rulesets, topics, count, seed)`` (pure, deterministic)
- :mod:`qa.quiz.params` — validation of quiz parameters (French errors naming the field)
- :mod:`qa.quiz.store` — SQLite store (quizzes, questions, answers, Leitner boxes)
- :mod:`qa.quiz.service` — the quiz workflow (create, answer, finish, history, retries)
- :mod:`qa.quiz.export` — GIFT (Moodle), CSV and Anki exports
"""
