/**
 * The three example models, as in examples/*.yaml at the repository root.
 * They are kept here as text so an installed server (which ships only its
 * own build) can seed the embedded engine; a test keeps both copies equal.
 */

export const AUDIT_LOG_YAML = `# yaml-language-server: $schema=../schema/dynotable-model.schema.json
# Audit log: one item collection per actor, events sorted by an ISO-8601 key.
# The newest-first feed and the time window are the same Query with other
# parameters; no GSI.
name: audit-log
description: An actor-scoped audit log; each actor's events in time order.

tables:
  AuditLog:
    partitionKey: { name: PK, type: S }
    sortKey: { name: SK, type: S }
    billingMode: PAY_PER_REQUEST
    timeToLiveAttribute: expiresAt

entities:
  Event:
    table: AuditLog
    count: 50000000
    attributes:
      actorId: { type: string, cardinality: 100000, minLength: 3, maxLength: 24, examples: [u_8814] }
      at: timestamp
      eventId: { type: string, minLength: 6, maxLength: 6 }
      action: { type: enum, values: [login, logout, create, update, delete] }
      target: { type: string, maxLength: 200 }
      details: { type: map, averageBytes: 300, required: false }
      expiresAt: { type: timestamp, format: epoch-seconds }
    keys:
      PK: ACTOR#{actorId}
      # Two events may share a timestamp: the event id keeps them distinct.
      SK: EVT#{at:iso}#{eventId}

accessPatterns:
  - name: listActorEvents
    question: list events of an actor, newest first
    rate: 20
    expectedItems: 50
  - name: actorEventsInWindow
    question: events of an actor between two times
    rate: 10
    expectedItems: 100

writePaths:
  - { name: recordEvent, entity: Event, kind: create, rate: 200 }
`;

export const TICKET_DESK_YAML = `# yaml-language-server: $schema=../schema/dynotable-model.schema.json
# Ticket desk: the status changes, so it stays out of the base key. The base
# key is the immutable ticket id; status sorts in GSI1, where one UpdateItem
# re-sorts the ticket. GSI2 is sparse: only open tickets carry its keys.
name: ticket-desk
description: A support desk's tickets, queued per team by status, with a sparse index of open tickets.

tables:
  TicketDesk:
    partitionKey: { name: PK, type: S }
    sortKey: { name: SK, type: S }
    billingMode: PAY_PER_REQUEST
    globalSecondaryIndexes:
      GSI1:
        partitionKey: { name: GSI1PK, type: S }
        sortKey: { name: GSI1SK, type: S }
        projection: ALL
      GSI2:
        partitionKey: { name: GSI2PK, type: S }
        sortKey: { name: GSI2SK, type: S }
        projection: ALL

entities:
  Ticket:
    table: TicketDesk
    count: 1000000
    attributes:
      ticketId: { type: string, minLength: 4, maxLength: 10, examples: ["8842"] }
      teamId: { type: string, cardinality: 40, examples: ["7"] }
      status: { type: enum, values: [open, pending, closed], mutable: true }
      priority: { type: number, integer: true, min: 1, max: 4, mutable: true }
      title: { type: string, maxLength: 200 }
      body: { type: string, maxLength: 600 }
      createdAt: timestamp
    keys:
      PK: TICKET#{ticketId}
      SK: TICKET
      GSI1PK: TEAM#{teamId}
      GSI1SK: STATUS#{status}#TICKET#{ticketId}
      GSI2PK: TEAM#{teamId}
      GSI2SK: CREATED#{createdAt:iso}#TICKET#{ticketId}
    keysWhen:
      GSI2PK: { status: open }
      GSI2SK: { status: open }

accessPatterns:
  - name: getTicket
    question: get ticket by id
    rate: 100
  - name: listTeamTicketsByStatus
    question: list tickets by team, by status
    rate: 20
    expectedItems: 50
  - name: listOpenTickets
    question: list open tickets by team, oldest first
    rate: 30
    expectedItems: 25

writePaths:
  - { name: openTicket, entity: Ticket, kind: create, rate: 5 }
  - { name: changeStatus, entity: Ticket, kind: update, attributes: [status], rate: 20 }
  - { name: changePriority, entity: Ticket, kind: update, attributes: [priority], rate: 5 }
`;

export const LEADERBOARD_YAML = `# yaml-language-server: $schema=../schema/dynotable-model.schema.json
# Leaderboard: players, their matches and season rankings, on one table with
# two overloaded GSIs. Every question is one GetItem or Query.
name: leaderboard
description: A multiplayer game leaderboard tracking players, the matches they play and their season ranking.

tables:
  Leaderboard:
    partitionKey: { name: PK, type: S }
    sortKey: { name: SK, type: S }
    billingMode: PAY_PER_REQUEST
    globalSecondaryIndexes:
      GSI1:
        partitionKey: { name: GSI1PK, type: S }
        sortKey: { name: GSI1SK, type: S }
        projection: ALL
      GSI2:
        partitionKey: { name: GSI2PK, type: S }
        sortKey: { name: GSI2SK, type: S }
        projection: KEYS_ONLY

entities:
  Player:
    table: Leaderboard
    count: 200000
    attributes:
      playerId: { type: string, minLength: 5, maxLength: 12, examples: [u8231] }
      handle: { type: string, unique: true, minLength: 3, maxLength: 20, examples: [nighthawk] }
      region: { type: enum, values: [eu, us, ap] }
      season: { type: string, mutable: true, cardinality: 8, examples: [2026-Q2] }
      rating: { type: number, integer: true, min: 0, max: 99999, mutable: true }
      createdAt: timestamp
    keys:
      PK: PLAYER#{playerId}
      SK: PROFILE
      GSI1PK: SEASON#{season}
      GSI1SK: RATING#{rating:05}
      GSI2PK: HANDLE#{handle}
      GSI2SK: PLAYER#{playerId}

  Match:
    plural: matches
    table: Leaderboard
    count: 20000000
    attributes:
      playerId: { type: string, minLength: 5, maxLength: 12 }
      matchId: { type: string, minLength: 8, maxLength: 8 }
      playedAt: timestamp
      result: { type: enum, values: [win, loss, draw] }
      ratingDelta: { type: number, integer: true, min: -50, max: 50 }
      mapId: { type: string, cardinality: 12 }
    keys:
      PK: PLAYER#{playerId}
      # Two matches can end in the same second: the match id keeps the keys distinct.
      SK: MATCH#{playedAt:iso}#{matchId}

accessPatterns:
  - name: getPlayer
    question: get player by id
    rate: 300
  - name: listRecentMatches
    question: list matches by player, newest first
    rate: 150
    expectedItems: 20
  - name: topPlayersOfSeason
    question: top 10 players by rating in a season
    rate: 50
  - name: findPlayerByHandle
    question: find player by handle
    rate: 40

writePaths:
  - { name: createPlayer, entity: Player, kind: create, rate: 2 }
  - { name: recordMatch, entity: Match, kind: create, rate: 100 }
  - { name: updateRating, entity: Player, kind: update, attributes: [rating], rate: 100 }
`;


export const EXAMPLE_MODEL_FILES: Readonly<Record<'audit-log' | 'ticket-desk' | 'leaderboard', string>> = {
  'audit-log': AUDIT_LOG_YAML,
  'ticket-desk': TICKET_DESK_YAML,
  leaderboard: LEADERBOARD_YAML,
};
