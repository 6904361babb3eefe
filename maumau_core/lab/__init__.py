"""The strategy lab wing: tip bots, seeded tournaments, experiments and the numpy batch simulator.

Everything here plays through the engine's public API (or, for the batch
simulator, is tested to give the engine's rounds on the same deals).
"""
