"""A :class:`QuizService` that sends back the tokens it was given, as a client does (contract
« Tokens »): tests of the workflow call it like the service, without carrying tokens around.
The tokens are kept per class, so that a second service on the same database (a restart)
still has them."""
from __future__ import annotations

from typing import Any

from qa.quiz.service import QuizService


class TokenService(QuizService):
    """QuizService + the tokens of the quizzes and learners it created."""

    quiz_tokens: dict[str, str] = {}
    learner_tokens: dict[str, str] = {}

    def _store(self, *args: Any, **kwargs: Any) -> dict:
        out = super()._store(*args, **kwargs)
        self.quiz_tokens[out["id"]] = out["token"]
        if out.get("learner_token"):
            self.learner_tokens[out["learner"].casefold()] = out["learner_token"]
        return out

    def _learner(self, name: Any) -> str | None:
        return self.learner_tokens.get(name.casefold()) if isinstance(name, str) else None

    def create(self, data: Any, strict: bool = False, token: str | None = None) -> dict:
        learner = data.get("learner") if isinstance(data, dict) else None
        return super().create(data, strict, token or self._learner(learner))

    def answer(self, quiz_id: str, data: Any, token: str | None = None) -> dict:
        return super().answer(quiz_id, data, token or self.quiz_tokens.get(quiz_id))

    def finish(self, quiz_id: str, token: str | None = None, _trusted: bool = False) -> dict:
        return super().finish(quiz_id, token or self.quiz_tokens.get(quiz_id), _trusted)

    def view(self, quiz_id: str, token: str | None = None) -> dict:
        return super().view(quiz_id, token or self.quiz_tokens.get(quiz_id))

    def history(self, learner: str, token: str | None = None, _trusted: bool = False) -> dict:
        return super().history(learner, token or self._learner(learner), _trusted)

    def retry_mistakes(self, learner: str, mode: str = "practice", token: str | None = None) -> dict:
        return super().retry_mistakes(learner, mode, token or self._learner(learner))

    def review_due(self, learner: str, token: str | None = None) -> dict:
        return super().review_due(learner, token or self._learner(learner))
