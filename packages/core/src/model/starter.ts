/** The commented model `dynotable init` writes: small, realistic, and clean under parseModel. */
export const STARTER_MODEL_YAML = `# A DynoTable model: the tables, the entities stored in them, the questions the
# application asks (access patterns) and how it writes (write paths).
# For completion and explanations in editors with the YAML language server, make
# the first line a comment "yaml-language-server: $schema=" followed by the path
# of dynotable-model.schema.json.

# The model's name (defaults to the file name) and what it stores.
name: shop
description: A small shop's customers and their orders.

# Tables by name. One table can hold every entity (single-table design).
tables:
  Shop:
    # Generic key names let several entities share the table: each entity
    # builds its own key values from templates (see entities.keys below).
    partitionKey: { name: PK, type: S }   # S (string), N (number) or B (binary)
    sortKey: { name: SK, type: S }
    billingMode: PAY_PER_REQUEST          # or PROVISIONED, with provisioned: { readUnits, writeUnits }
    # Global secondary indexes answer the questions the table's key cannot.
    globalSecondaryIndexes:
      GSI1:
        partitionKey: { name: GSI1PK, type: S }
        sortKey: { name: GSI1SK, type: S }
        projection: ALL                   # ALL, KEYS_ONLY, or a list of attributes to include

# Entities by singular name. The plural defaults to the English plural.
entities:
  Customer:
    table: Shop                           # may be omitted while the model has one table
    count: 50000                          # expected number of items, for cost and hot-partition checks
    attributes:
      # name: type, or an object with the type and what you know about the values.
      customerId: { type: string, minLength: 8, maxLength: 12, examples: [c_81f2a9] }
      email: { type: string, unique: true, maxLength: 254 }
      displayName: { type: string, maxLength: 60, mutable: true }   # mutable: changes after creation
      createdAt: timestamp                # shorthand for { type: timestamp } (ISO 8601 by default)
    # Key templates by key attribute: literal text and {attribute} fields.
    # {n:05} zero-pads a number so it sorts; {t:iso} writes a sortable timestamp.
    keys:
      PK: CUSTOMER#{customerId}
      SK: PROFILE
      GSI1PK: EMAIL#{email}
      GSI1SK: CUSTOMER#{customerId}

  Order:
    table: Shop
    count: 2000000
    attributes:
      customerId: { type: string, minLength: 8, maxLength: 12 }
      orderId: { type: string, minLength: 10, maxLength: 10 }
      placedAt: timestamp
      status: { type: enum, values: [placed, shipped, delivered], mutable: true }
      total: { type: number, min: 0, max: 100000 }
      lines: { type: list, averageBytes: 400, description: 'The products ordered, with quantities' }
    keys:
      # The customer's orders share the customer's partition, sorted by time;
      # the order id keeps two orders placed in the same second apart.
      PK: CUSTOMER#{customerId}
      SK: ORDER#{placedAt:iso}#{orderId}

# The questions the application asks, in words. rate: calls per second.
accessPatterns:
  - name: getCustomer
    question: get customer by id
    rate: 50
  - name: findCustomerByEmail
    question: find customer by email
    rate: 10
  - name: listCustomerOrders
    question: list orders by customer, newest first
    rate: 30
    expectedItems: 20                     # items read per call, for cost

# How the application writes: create, update (of which attributes) or delete.
writePaths:
  - { name: createCustomer, entity: Customer, kind: create, rate: 1 }
  - { name: placeOrder, entity: Order, kind: create, rate: 20 }
  - { name: shipOrder, entity: Order, kind: update, attributes: [status], rate: 15 }
`;
