"""The games and questions: feedback, modes, word lists, states, strategy trees."""
