"""A first guess's classes, searched one at a time: in turn, on threads, and kept in checkpoints.

The theorem: with the first guess g fixed, the least total is the sum over the classes of g
(the answers giving one reply) of each class's least total, so each class is a question of its
own that can be searched, stopped and resumed separately.
"""
