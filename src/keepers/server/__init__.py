"""The game server: friends play any game of keepers together over the network.

Layers, top to bottom (each module imports only the layers below it)::

    cli          the `keepers serve` command: database location, uvicorn
    app          the FastAPI application: lifespan (migrations, rebuild), limits, errors
    routes       HTTP: create, join, list, spectate, download a record
    sockets      one websocket per connection: views pushed, decisions received
    hub          every game held; decisions made (checked, committed, then pushed), rebuilds
    sessions     one live game in memory: its lock, state, state number and watchers
    bots | clocks
                 bots deciding in a worker pool, off the event loop; time controls
                 (whose clock runs, time left, what a timeout does, each game's timer)
    storage      the event-sourced store: game rows and the append-only decisions
    migrate      Alembic migrations applied at start (scripts in migrations/)
    models, protocol, tokens, paths
                 the tables, the wire messages, seat tokens, where the database lives

The server names no game: it finds them through the core's registry.
"""
