"""Entry point: ``python app.py`` serves l’Arbitre on http://127.0.0.1:5000;
``python app.py COMMAND ...`` runs a command (``python app.py --help`` lists them)."""
from cli import main

if __name__ == "__main__":
    main()
