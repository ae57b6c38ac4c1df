// Generated from openapi.json by scripts/generate-client-types.mjs (openapi-typescript); do not edit.
// Regenerate with `npm run openapi`.
export interface paths {
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys that verify access tokens (JWK Set)
         * @description The public keys that verify the access tokens this server issues (current and recently retired). Cacheable for 5 minutes.
         */
        get: operations["jwks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization server metadata (RFC 8414)
         * @description RFC 8414 metadata: issuer, token endpoint, JWKS location, grant types and scopes.
         */
        get: operations["authorizationServerMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the audit trail of catalog writes, newest first; optionally of one entity, within a time range
         * @description One event per entity that a catalog write (admin API, CLI, catalog file) created, changed or deleted, recorded in the write's own transaction: a refused or rolled-back write leaves none, and a write that changed nothing records nothing. Each signing-key rotation (`pms keys rotate`) is recorded too, by its key id. Secrets and their hashes are never recorded. Events are never changed, and no API deletes them; they are kept `AUDIT_RETENTION_DAYS` (default 400) and then purged.
         */
        get: operations["adminListAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List OAuth clients, by client id; optionally of one merchant (never their secrets) */
        get: operations["adminListClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an OAuth client (never its secret) */
        get: operations["adminGetClient"];
        /** Create (201, with the secret shown once) or replace (200) an OAuth client */
        put: operations["adminPutClient"];
        post?: never;
        /** Delete an OAuth client; its access tokens stop verifying within 2 seconds on every instance */
        delete: operations["adminDeleteClient"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/clients/{clientId}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the client secret with a generated one, shown once; the old one stops working */
        post: operations["adminRotateClientSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List merchants, by id */
        get: operations["adminListMerchants"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/merchants/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a merchant */
        get: operations["adminGetMerchant"];
        /** Create (201) or replace (200) a merchant */
        put: operations["adminPutMerchant"];
        post?: never;
        /** Delete a merchant that has no stores and no clients (409 otherwise) */
        delete: operations["adminDeleteMerchant"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/payment-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payment methods by store, in each store's display order; optionally of one store */
        get: operations["adminListPaymentMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/payment-methods/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a payment method with its plans and legal links */
        get: operations["adminGetPaymentMethod"];
        /** Create (201) or replace (200) a payment method: one method object of the catalog */
        put: operations["adminPutPaymentMethod"];
        post?: never;
        /** Delete a payment method; sessions keep answering without it */
        delete: operations["adminDeletePaymentMethod"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/stores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List stores, by id; optionally of one merchant */
        get: operations["adminListStores"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/stores/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a store */
        get: operations["adminGetStore"];
        /** Create (201) or replace (200) a store */
        put: operations["adminPutStore"];
        post?: never;
        /** Delete a store and its payment methods; its sessions keep answering, with nothing eligible */
        delete: operations["adminDeleteStore"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/stores/{storeId}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview what a change of a store's payment methods would change for its shoppers; nothing is saved
         * @description Compares the store's methods as stored with the proposed list, both as offered now (methods outside their window count on neither side), for each customer type and campaign, over every cart amount from 0.00 up.
         */
        post: operations["adminPreviewStoreChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhook-deliveries/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again now (the same event and webhook-id), whatever its state; not while its endpoint is disabled */
        post: operations["adminRetryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints; optionally one merchant's (never their secrets) */
        get: operations["adminListWebhookEndpoints"];
        put?: never;
        /** Create a webhook endpoint for a merchant; its secret is shown once, in this answer */
        post: operations["adminCreateWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook endpoint (never its secret) */
        get: operations["adminGetWebhookEndpoint"];
        /** Replace (200) a webhook endpoint, or create one under this id (201, with its secret shown once) */
        put: operations["adminPutWebhookEndpoint"];
        post?: never;
        /** Delete a webhook endpoint and its deliveries */
        delete: operations["adminDeleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an endpoint's deliveries, newest first, each with its attempts */
        get: operations["adminListWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the signing secret with a generated one, shown once; the previous one keeps signing beside it for 24 hours */
        post: operations["adminRotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process is up and serving
         * @description Answers 200 as long as the process serves requests; it does not touch the database.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics of this instance (text exposition format 0.0.4) */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth2/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an access token (OAuth 2.0 client credentials grant)
         * @description OAuth 2.0 client credentials grant (RFC 6749 §4.4). Authenticate the client with HTTP Basic (`client_secret_basic`) or with the `client_id` and `client_secret` form fields (`client_secret_post`), not both.
         *
         *     `scope` is a space-separated subset of the client's scopes (`merchant-api`, `admin`); without it the token carries all of them.
         *
         *     The access token is a JWT (RFC 9068, `typ: at+jwt`) signed with a key published at `/.well-known/jwks.json`; send it as `Authorization: Bearer <access_token>`.
         *
         *     The same parameters may be sent as a JSON object (`Content-Type: application/json`), as published clients of this API family do: each a string, with the same rules, limits and errors.
         *
         *     Errors have the RFC 6749 §5.2 shape `{error, error_description}` (plus `message`, the same text), not the `{message, code}` of the other endpoints.
         */
        post: operations["issueToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenAPI 3.1 document of this service
         * @description This document. Readable from any origin; rendered for people at `/docs`.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers
         * @description Answers 200 when the database answers within 2 seconds, 503 otherwise, and 503 `SHUTTING_DOWN` from the moment the instance received SIGTERM: it keeps serving for `SHUTDOWN_DELAY_SECONDS` so that load balancers stop routing to it first.
         */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a session back (merchant backends)
         * @description Called by the merchant's backend with an access token of scope `merchant-api` whose client is granted the session's store: the session as it was created, with its store, campaign and locale, and the order's rules it was created with (docs/session-api.md#order-rules; a field only when it was given, lists sorted, method ids in lower case).
         *
         *     An expired session is still answered for as long as it is retained (`SESSION_RETENTION_HOURS` past `expiresAt`, at least 24 hours): it is the merchant's own record. Compare `expiresAt` with the time to know whether a storefront can still use it.
         *
         *     404 `SESSION_NOT_FOUND` for an unknown, malformed or purged id, and equally for a session of a store the client is not granted, so that session ids of other merchants cannot be confirmed.
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/payment-method-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payment method groups a storefront session may offer for an amount
         * @description Called by the storefront, typically from the browser. **No `Authorization` header**: access is by the session id in the path, which the merchant's backend got from `createSession`. Sessions are time-limited; no merchant credential ever reaches the browser. Any origin may read the response (CORS).
         *
         *     Checks run in this order: the query (400 for a missing or repeated parameter, 422 for an invalid one), then the session (404 unknown, 409 expired).
         *
         *     A payment method of the store is offered when `amount` lies within its purchase limits (compared as exact decimals), it is enabled for `customerType` (for at least one type when absent), and it matches the session's campaign (a session without a campaign gets only non-campaign methods). Then the order's rules the session was created with apply (docs/session-api.md#order-rules), before grouping: bundles, subtitles and disclosures describe only what is offered. A session created with a `customerType` is answered for it; a query `customerType` that differs is 422.
         *
         *     Groups are in the store's display order. With `flattened=true` every method is a group of its own. Otherwise methods of type `PROVIDER_PART_PAYMENT_SELECT_NOW` are bundled into one group, and those of `PROVIDER_PART_PAYMENT_SELECT_LATER` into another (each split by identical customer-type support); the bundle's `id` is stable for its set of method ids.
         *
         *     `type` is an extensible enum: accept values not listed. `internalData` is opaque: hand it unchanged to the payment components (e.g. as the data attribute of a payment-method element); never parse it, its structure may change without notice.
         *
         *     Responses may be cached for 10 minutes (`Cache-Control: private, max-age=600`) and carry an `ETag`; a request with a matching `If-None-Match` answers 304.
         *
         *     Texts are in the language of `locale`, else the session's `locale`, else the store's language (its country's); a tag of a language not served (sv, nb, da, fi, en) gets the store's. Titles, subtitles (`Från 238 kr/mån`, `From 238 SEK/month`) and translated catalog texts follow it; `Content-Language` names it, and each language has its own ETags.
         */
        get: operations["getPaymentMethodGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/price-information": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Price information of a session's group: every plan's figures at an amount (HTML)
         * @description A page for people (HTML), linked from a group's `disclosure.priceInformationUrl`: for every plan of the group's members, its name, duration, monthly cost, nominal interest rate, setup and administration fees, total amount payable and annual percentage rate at `amount`, written as the disclosure's `text` writes them; the store's credit warning; the members' SECCI and general-terms documents. **No `Authorization` header**, like group retrieval: access is by the session id.
         *
         *     The language is the one group retrieval would use: `locale`, else the session's `locale`, else the store's language; `<html lang>` and `Content-Language` name it.
         *
         *     The group must be one of the session's groups at `amount` (any customer type, bundled or flattened) and name a monthly cost (its disclosure is not null for consumers); otherwise 404. Errors are JSON.
         *
         *     Cacheable for 10 minutes (`Cache-Control: private, max-age=600`), like group retrieval. The page runs no script and loads nothing (`Content-Security-Policy`).
         */
        get: operations["getPriceInformation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stores/{storeId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a storefront session for a store
         * @description Called by the merchant's backend, never from a browser, with an access token of scope `merchant-api` whose client is granted the store (a client is granted every store of its merchant).
         *
         *     The session is valid until `expiresAt` (creation time + `SESSION_TTL_SECONDS`, default one hour). Hand `id` to the storefront page, which loads the script at `embed.src` and fetches the payment method groups with it (`getPaymentMethodGroups`).
         *
         *     The body is optional: absent, empty or `{}` means no campaign. With `campaign`, shoppers of this session are offered only the payment methods of that campaign (keywords match case-insensitively); without it, only non-campaign methods. Unknown body fields are ignored.
         *
         *     The order's rules (docs/session-api.md#order-rules) narrow what this session offers beyond the store's own rules: `allowedPaymentMethods` and `blockedPaymentMethods` (method types or ids of the store's methods; blocked wins), `productTypes` (the goods in the order, against each method's `excludedProductTypes`), `country` (the shopper's billing country, against each method's `countries`) and a fixed `customerType`; `ttlSeconds` shortens the session's lifetime. They are stored with the session, returned by `getSession` and never change.
         *
         *     Retries are safe with an `Idempotency-Key` header (docs/session-api.md#idempotent-retries): within 24 hours, the same client, key, store and body answer the session the first request created (201, the same body, `Idempotent-Replayed: true`); the same key with another store or body is 422 `IDEMPOTENCY_KEY_REUSED`; while the first request is still being processed, 409 `IDEMPOTENCY_KEY_IN_FLIGHT` with `Retry-After`. Keys are per client.
         *
         *     Order of checks: the token (401, then 403 for a missing scope), then the request (400, 413, 415), then the store grant (403), then the idempotency key (409, 422).
         */
        post: operations["createSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/stores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the merchant's stores
         * @description The stores the token's client is granted: every store of its merchant, one page at a time (`page` is 0-based; `size` at least 1, default 100, and values above 1000 are served as 1000, which `page.size` then says).
         *
         *     Ordered by `name` (compared byte-wise) unless `sort` says `nationalStoreId`; `,desc` reverses the order.
         *
         *     Needs an access token of scope `merchant-api`.
         */
        get: operations["listStores"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/stores/{store_id}/payment_methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a store's payment methods with limits, legal links and campaigns
         * @description Every payment method of the store, campaign and non-campaign alike (with their campaign info), in the store's display order, one page at a time (`page` is 0-based; `size` 1 to 1000, default 100; a page past the end has an empty `content`).
         *
         *     With `amount`, only the methods whose purchase limits include it (inclusive).
         *
         *     `name` and `description` are in the language of `locale` (else the store's): their translation, else as written; a method with translations lists them in `translations`.
         *
         *     Needs an access token of scope `merchant-api` whose client is granted the store.
         */
        get: operations["listPaymentMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/stores/{store_id}/payment_methods/{payment_method_id}/annuity_factors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A payment method's plans (annuity factors and fees)
         * @description The payment plans of one method of the store, in order of duration, then name: for each, the annuity factor (monthly cost per currency unit of the price), the monthly administration fee, the setup fee and the nominal interest. A method without plans answers `{"content": []}`.
         *
         *     Needs an access token of scope `merchant-api` whose client is granted the store.
         */
        get: operations["listAnnuityFactors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/stores/{store_id}/payment_methods/{payment_method_id}/price_signage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a product page may show for a price: monthly cost, total cost and APR per plan
         * @description For a price, the method's legal documents (SECCI and general terms, each with its language; the price appended to the link where the catalog says so) and, when the method allows price signage and the price is within its purchase limits, each plan with its monthly cost, total cost and effective annual rate (APR). A price of 0 has no plan costs.
         *
         *     Money is exact: the monthly cost is `ceil(amount × annuityFactor + administrationFee)` in whole currency units, the total `durationMonths × monthlyCost + setupFee`. The APR follows the Consumer Credit Directive (2008/48/EC, Annex I) with a year of 12 equal months and the setup fee paid with the first payment, solved numerically and rounded half up to 2 decimals.
         *
         *     `disclosure`: the representative example of credit advertising for the plan with the lowest monthly cost (on a tie the first listed): a ready `text` naming every figure, the store's credit `warning` and the `example`'s figures; null when `costList` is empty.
         *
         *     Plan texts are in the language of `locale` (else the store's), and the legal documents of each type are those in that language, else those in the store's language, else all of that type.
         *
         *     Needs an access token of scope `merchant-api` whose client is granted the store.
         */
        get: operations["getPriceSignage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/stores/{store_id}/payment_methods/eligibility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which methods a session would be offered for an amount, and every rule each other method fails
         * @description Answers "why is method X not offered?": for an amount (and optionally a customer type, a campaign keyword and `flattened`), the groups a storefront session with that campaign would be offered, and for every method of the store whether it is eligible and every rule it fails.
         *
         *     With `session=<id>` (a session of this store, expired or not, while it is retained), the session's campaign, order rules (docs/session-api.md#order-rules) and locale are used, and the order's rules add their reasons after the catalog's: `NOT_IN_ALLOWED_PAYMENT_METHODS`, `IN_BLOCKED_PAYMENT_METHODS`, `PRODUCT_TYPE_EXCLUDED`, `COUNTRY_NOT_SERVED`. A session of another store, unknown or purged is 404 `SESSION_NOT_FOUND`; `campaign` beside `session` is 400; a `customerType` other than the session's fixed one is 422.
         *
         *     The query follows group retrieval: 400 for a missing or repeated parameter, 422 for an invalid one. Needs an access token of scope `merchant-api` whose client is granted the store.
         */
        get: operations["explainEligibility"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "payment_methods.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a store offers may have changed
         * @description Sent to every enabled endpoint of the store's merchant when a method of the store is created, changed or deleted, when a window opens or closes (at its boundary), or when the store itself changes; one event per store and reason for one write. Verify the signature on the raw body before parsing it (the `standardwebhooks` libraries do), answer 2xx within 10 seconds, then work: read the store again from the merchant API. At least once: deduplicate on `webhook-id`.
         */
        post: operations["paymentMethodsChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        AnnuityFactors: {
            /** @description The plans in order of duration, then name; empty for a method without plans. */
            content: {
                /** @description Per month. */
                administrationFee: number;
                /** @description Monthly cost per currency unit of the price. */
                annuityFactor: number;
                durationMonths: number;
                /** @description Nominal annual interest, as the catalog gives it. */
                interest: number;
                paymentPlanName: string;
                /** @description Once, with the first payment. */
                setupFee: number;
            }[];
        };
        /** @description One entity created, changed or deleted by one catalog write, or one signing-key rotation (docs/audit.md). */
        AuditEvent: {
            /** @enum {unknown} */
            action: "create" | "update" | "delete" | "rotate-secret" | "rotate";
            /** @description Who wrote: an admin API client, an operator command, or a catalog file. */
            actor: {
                /** @description The client id, the CLI command (`pms client create`), or the catalog file's absolute path. */
                id: string;
                /** @description Who the actor is in words where the id does not say: a console person's name, else e-mail. */
                name?: string;
                /** @enum {unknown} */
                type: "client" | "cli" | "catalog-file" | "console";
            };
            /** @description Per changed field, `{before, after}` (only `after` on a creation, only `before` on a deletion); a client secret that was set or changed is the string "[changed]": secrets and their hashes are never recorded. */
            changes: {
                [key: string]: unknown;
            };
            /** @enum {unknown} */
            entity: "merchant" | "store" | "client" | "payment-method" | "signing-key" | "webhook-endpoint";
            entityId: string;
            /** @description Increasing with the order events were recorded in. */
            id: string;
            /**
             * Format: date-time
             * @description When the write's transaction began, ISO 8601 UTC.
             */
            occurredAt: string;
            /** @description The admin request's X-Request-Id; null for the CLI and catalog files. */
            traceId: string | null;
        };
        /** @description Optional; an absent or empty body means no campaign and no rules (docs/session-api.md#order-rules): every method the store's own rules allow is offered. Unknown fields are ignored. */
        CreateSessionRequest: {
            /**
             * @description Only the payment methods named here are offered: each entry a method type (`PROVIDER_INVOICE`) or the id of one of the store's methods; 1 to 50 distinct entries.
             * @example [
             *       "PROVIDER_INVOICE",
             *       "SWISH"
             *     ]
             */
            allowedPaymentMethods?: string[];
            /**
             * @description The payment methods never offered, named as in `allowedPaymentMethods`; a method named in both is not offered. 1 to 50 distinct entries.
             * @example [
             *       "PROVIDER_INVOICE",
             *       "SWISH"
             *     ]
             */
            blockedPaymentMethods?: string[];
            /** @description Campaign keyword (case-insensitive). With it, only methods of that campaign are offered; without it, only non-campaign methods. */
            campaign?: string;
            /**
             * @description The shopper's billing country (ISO 3166-1 alpha-2, upper case). A method is then offered only when it serves that country (its `countries`, by default the store's country).
             * @example SE
             */
            country?: string;
            /**
             * @description The customer type fixed for the session: group retrieval uses it, answers 422 to a `customerType` that differs, and takes it when the query leaves it out.
             * @enum {string}
             */
            customerType?: "NATURAL" | "LEGAL";
            /**
             * @description The shopper's language as a BCP 47 tag (at most 35 characters): `sv`, `nb` (also `no`, `nn`), `da`, `fi` or `en` by its primary subtag. The session's texts are served in it; another language, or none, gets the store's language (its country's). Group retrieval's own `locale` overrides it.
             * @example sv-SE
             * @example fi
             * @example nb-NO
             * @example en
             */
            locale?: string;
            /** @description The kinds of goods in the order (1 to 5 distinct values). A method whose `excludedProductTypes` names any of them is not offered (e.g. no credit for a gift card). */
            productTypes?: components["schemas"]["ProductType"][];
            /** @description This session's lifetime in seconds: a whole number from 60 to SESSION_TTL_SECONDS (the default). `expiresAt` follows it. */
            ttlSeconds?: number;
        };
        /** @description The credit information required beside a monthly cost offered to consumers: null unless the subtitle names a monthly cost and `customerTypes` include NATURAL. */
        CreditDisclosure: {
            example: components["schemas"]["CreditDisclosureExample"];
            /**
             * Format: uri
             * @description A page for people with every plan of the group at this amount: `{PUBLIC_URL}/v1/sessions/{sessionId}/price-information?amount=…&group=…` (and `&locale=…` when the request gave one).
             */
            priceInformationUrl: string;
            /** @description One or two sentences in the answer's language naming the amount, the duration, the monthly cost, the nominal interest, the setup and administration fees, the annual percentage rate and the total payable, every number written as Intl.NumberFormat writes it for the language and the store's country. */
            text: string;
            /** @description The store's credit warning in the answer's language (its `creditWarning`, else the language's default such as "Att låna kostar pengar!"); null when the store turned it off. */
            warning: string | null;
        } | null;
        /** @description The representative example: the plan whose monthly cost is named, at the amount. */
        CreditDisclosureExample: {
            /** @description Added to every monthly payment. */
            administrationFee: number;
            /**
             * @description The purchase amount, with two decimals.
             * @example 1299.95
             */
            amount: string;
            /** @description ISO 4217 code of the store's currency. */
            currency: string;
            durationMonths: number;
            /** @description Annual percentage rate of charge in percent, 2 decimals, computed as price signage computes it (the setup fee paid with the first payment, a year of 12 equal months). */
            effectiveInterest: number;
            /** @description Nominal annual interest in percent (the catalog rate 0.0995 is 9.95). */
            interest: number;
            /** @description ceil(amount × annuityFactor + administrationFee), whole currency units. */
            monthlyCost: number;
            /** @description The payment method the plan belongs to. */
            paymentMethodId: string;
            /** @description The plan's name, in the answer's language. */
            planName: string;
            setupFee: number;
            /** @description All the buyer pays: durationMonths × monthlyCost + setupFee. */
            totalCost: number;
        };
        /**
         * @description NATURAL (consumers, B2C) or LEGAL (businesses, B2B).
         * @enum {string}
         */
        CustomerType: "NATURAL" | "LEGAL";
        EligibilityExplanation: {
            amount: string;
            /** @description The campaign used: the query's, or the session's; null for none. */
            campaign: string | null;
            /** @description The customer type used: the query's, or the session's fixed one; null for none. */
            customerType: components["schemas"]["CustomerType"] | null;
            /** @description Exactly what a storefront session with this campaign is offered. */
            groups: components["schemas"]["PaymentMethodGroup"][];
            methods: {
                eligible: boolean;
                /** Format: uuid */
                id: string;
                name: string;
                /** @description Every rule the method fails, the catalog's first, then the session's order rules; empty when eligible. */
                reasons: ("AMOUNT_BELOW_MINIMUM" | "AMOUNT_ABOVE_MAXIMUM" | "CUSTOMER_TYPE_NOT_ENABLED" | "CAMPAIGN_METHOD_WITHOUT_CAMPAIGN" | "CAMPAIGN_KEYWORD_MISMATCH" | "NOT_IN_ALLOWED_PAYMENT_METHODS" | "IN_BLOCKED_PAYMENT_METHODS" | "PRODUCT_TYPE_EXCLUDED" | "COUNTRY_NOT_SERVED")[];
                type: components["schemas"]["PaymentMethodType"];
            }[];
            /** @description The session asked about; null without one. */
            session: string | null;
        };
        /** @description Every error response but the token endpoint's (docs/errors.md). */
        ErrorResponse: {
            /** @description Stable machine-readable error code (docs/errors.md lists them). */
            code: string;
            /** @description Human-readable description of the problem. */
            message: string;
            /** @description On a 400 or 422 caused by named request fields: each offending field (`amount`, `plans[0].name`) → what is wrong with it. */
            parameters?: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description When the error was answered, ISO 8601 UTC.
             */
            timestamp: string;
            /** @description The request's id: the same as the `X-Request-Id` response header. Quote it when asking for support. */
            traceId: string;
        };
        LegalLink: {
            /** @description Append the purchase amount to the URL. */
            appendAmount: boolean;
            /** @description ISO 639-1 language of the document (the store's country's unless the catalog says otherwise). */
            language: string;
            /** @description PRICE_INFO, SECCI (standard European consumer credit information) or GENERAL_TERMS; accept others. */
            type: string;
            /** Format: uri */
            url: string;
        };
        /** @description RFC 6749 §5.2 error response. */
        OAuthErrorResponse: {
            /** @description RFC 6749 §5.2 error code, e.g. invalid_request, invalid_client. */
            error: string;
            /** @description Human-readable explanation. */
            error_description: string;
            /** @description The same text as error_description, for clients that read `message` as on every other endpoint. */
            message: string;
        };
        /** @description One maximal range of amounts over which what a shopper of this customer type and campaign is offered differs, and over which each side stays the same. */
        OfferChange: {
            /** @description The groups offered there after the change, in display order. */
            after: {
                /** @description The group id, as group retrieval gives it. */
                id: string;
                /** @description The group's title in the store's language. */
                title: string;
                /** @description The payment method type of the group. */
                type: string;
            }[];
            /** @description The groups offered there today, in display order. */
            before: {
                /** @description The group id, as group retrieval gives it. */
                id: string;
                /** @description The group's title in the store's language. */
                title: string;
                /** @description The payment method type of the group. */
                type: string;
            }[];
            /** @description A campaign keyword of the store (today or proposed), or null for sessions without a campaign. */
            campaign: string | null;
            /** @description Only on a change that sessions from this billing country see (a method's countries, or the store's country), beyond what sessions without rules are told. */
            country?: string;
            /** @enum {unknown} */
            customerType: "NATURAL" | "LEGAL";
            /** @description The lowest amount of the range (inclusive, two decimals). */
            from: string;
            /**
             * @description Only on a change that sessions whose order holds this kind of goods see (a method's excludedProductTypes), beyond what sessions without rules are told.
             * @enum {unknown}
             */
            productType?: "PHYSICAL" | "DIGITAL" | "GIFT_CARD" | "SERVICE" | "SUBSCRIPTION";
            /** @description The highest amount of the range (inclusive, two decimals); null: no upper end. */
            to: string | null;
        };
        Page: {
            number: number;
            size: number;
            totalElements: number;
            totalPages: number;
        };
        PaymentMethod: {
            /**
             * Format: date-time
             * @description Offered and listed from this instant on (inclusive), in UTC; absent: since always.
             */
            activeFrom?: string;
            /**
             * Format: date-time
             * @description Offered and listed until this instant (exclusive), in UTC; absent: for good.
             */
            activeUntil?: string;
            campaign: {
                /** @description A campaign method is offered only to sessions with one of its keywords. */
                campaign: boolean;
                keywords: string[];
            };
            /** @description Billing countries (ISO 3166-1 alpha-2) the method is offered in to a session that names the shopper's country: the method's own list, else the store's countryCode alone. */
            countries: string[];
            description: string;
            enabledForLegalCustomer: boolean;
            enabledForNaturalCustomer: boolean;
            /** @description Kinds of goods (PHYSICAL, DIGITAL, GIFT_CARD, SERVICE, SUBSCRIPTION) the method is not offered for: a session whose productTypes hold one of them is not offered it. [] none. */
            excludedProductTypes: string[];
            /** Format: uuid */
            id: string;
            legalLinks: components["schemas"]["LegalLink"][];
            maxApplicationLimit: number;
            maxPurchaseLimit: number;
            minApplicationLimit: number;
            minPurchaseLimit: number;
            name: string;
            priceSignagePossible: boolean;
            /** @description Translations of the payment method's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
            translations?: {
                da?: {
                    description?: string;
                    name?: string;
                };
                en?: {
                    description?: string;
                    name?: string;
                };
                fi?: {
                    description?: string;
                    name?: string;
                };
                nb?: {
                    description?: string;
                    name?: string;
                };
                sv?: {
                    description?: string;
                    name?: string;
                };
            };
            type: components["schemas"]["PaymentMethodType"];
        };
        PaymentMethodGroup: {
            customerTypes: components["schemas"]["CustomerType"][];
            disclosure: components["schemas"]["CreditDisclosure"];
            /** @description Deterministic: SHA-256 (hex) of the sorted method ids joined with ",". */
            id: string;
            /** @description Opaque base64 for the provider's web components. Do not parse it; it may change without notice. */
            internalData: string;
            methodIds: string[];
            /** @description Always present; '' when not applicable. */
            subtitle: string;
            title: string;
            type: components["schemas"]["PaymentMethodType"];
        };
        PaymentMethodPage: {
            content: components["schemas"]["PaymentMethod"][];
            page: components["schemas"]["Page"];
        };
        /** @description Tells what may have changed, not the new state: read the store again from the merchant API (`GET /v2/stores/{store_id}/payment_methods`). */
        PaymentMethodsChangedEvent: {
            data: {
                /** @description The methods concerned, sorted; for `store`, the store's methods after the change (none once it is deleted). */
                paymentMethodIds: string[];
                /**
                 * @description Why: a method `created` (or moved into the store), `updated` (its window included) or `deleted` (or moved out); its `activeFrom` reached (`activated`) or its `activeUntil` (`deactivated`); the store itself created, changed or deleted (`store`).
                 * @enum {unknown}
                 */
                reason: "created" | "updated" | "deleted" | "activated" | "deactivated" | "store";
                /**
                 * Format: uuid
                 * @description The store whose offer may have changed.
                 */
                storeId: string;
            };
            /**
             * Format: date-time
             * @description When the change committed, or the boundary itself for `activated` and `deactivated` (UTC, milliseconds).
             */
            timestamp: string;
            /**
             * @description The event type; the only one today.
             * @constant
             */
            type: "payment_methods.changed";
        };
        /**
         * @description Payment method type. An extensible enum: clients must accept values not listed here. Known values: GENERIC, PROVIDER_INVOICE, PROVIDER_INVOICE_ACCOUNT, PROVIDER_PART_PAYMENT_SELECT_LATER, PROVIDER_PART_PAYMENT_SELECT_NOW, PROVIDER_CARD, PROVIDER_REVOLVING_CREDIT, PROVIDER_NEW_REVOLVING_CREDIT, NETS, D2I, SWISH, TRUSTLY, ZERO, VIPPS, MOBILEPAY, CARD.
         * @example GENERIC
         * @example PROVIDER_INVOICE
         * @example PROVIDER_INVOICE_ACCOUNT
         * @example PROVIDER_PART_PAYMENT_SELECT_LATER
         * @example PROVIDER_PART_PAYMENT_SELECT_NOW
         * @example PROVIDER_CARD
         * @example PROVIDER_REVOLVING_CREDIT
         * @example PROVIDER_NEW_REVOLVING_CREDIT
         * @example NETS
         * @example D2I
         * @example SWISH
         * @example TRUSTLY
         * @example ZERO
         * @example VIPPS
         * @example MOBILEPAY
         * @example CARD
         */
        PaymentMethodType: string;
        PriceSignage: {
            /** @description One entry per plan (by duration) when the method allows price signage and the price is within its limits; else empty. */
            costList: {
                administrationFee: number;
                description: string;
                durationMonths: number;
                /** @description Annual percentage rate of charge (Consumer Credit Directive 2008/48/EC, Annex I; 12 equal months; the setup fee paid with the first payment), in percent, rounded half up to 2 decimals. Negative when the buyer pays back less. */
                effectiveInterest: number;
                /** @description Nominal annual interest, as the catalog gives it. */
                interest: number;
                /** @description ceil(amount × annuityFactor + administrationFee), whole currency units. */
                monthlyCost: number;
                name: string;
                setupFee: number;
                /** @description All the buyer pays: durationMonths × monthlyCost + setupFee. */
                totalCost: number;
            }[];
            disclosure: components["schemas"]["PriceSignageDisclosure"];
            generalTermsLinks: {
                /** @description ISO 639-1. */
                language: string;
                /**
                 * Format: uri
                 * @description The document; the price appended when the catalog says so.
                 */
                uri: string;
            }[];
            /** @description Standard European Consumer Credit Information. */
            secciLinks: {
                /** @description ISO 639-1. */
                language: string;
                /**
                 * Format: uri
                 * @description The document; the price appended when the catalog says so.
                 */
                uri: string;
            }[];
        };
        /** @description The representative example of the plan with the lowest monthly cost (on a tie the first listed); null when `costList` is empty. */
        PriceSignageDisclosure: {
            example: components["schemas"]["CreditDisclosureExample"];
            /** @description One or two sentences in the answer's language naming the amount, the duration, the monthly cost, the nominal interest, the setup and administration fees, the annual percentage rate and the total payable, every number written as Intl.NumberFormat writes it for the language and the store's country. */
            text: string;
            /** @description The store's credit warning in the answer's language (its `creditWarning`, else the language's default such as "Att låna kostar pengar!"); null when the store turned it off. */
            warning: string | null;
        } | null;
        /**
         * @description A kind of goods in an order.
         * @enum {unknown}
         */
        ProductType: "PHYSICAL" | "DIGITAL" | "GIFT_CARD" | "SERVICE" | "SUBSCRIPTION";
        Session: {
            embed: {
                /**
                 * Format: uri
                 * @description Absolute URL of the storefront script with the payment components.
                 */
                src: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC; the session answers 409 after it.
             */
            expiresAt: string;
            /**
             * Format: uuid
             * @description Session id; the storefront uses it in the group retrieval path.
             */
            id: string;
        };
        SessionRecord: {
            /** @description Only the payment methods named here are offered: each entry a method type (`PROVIDER_INVOICE`) or the id of one of the store's methods; 1 to 50 distinct entries. */
            allowedPaymentMethods?: string[];
            /** @description The payment methods never offered, named as in `allowedPaymentMethods`; a method named in both is not offered. 1 to 50 distinct entries. */
            blockedPaymentMethods?: string[];
            /** @description The campaign keyword as it was sent at creation; null without one. */
            campaign: string | null;
            /** @description The shopper's billing country (ISO 3166-1 alpha-2, upper case). A method is then offered only when it serves that country (its `countries`, by default the store's country). */
            country?: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC.
             */
            createdAt: string;
            /**
             * @description NATURAL (consumers, B2C) or LEGAL (businesses, B2B).
             * @enum {string}
             */
            customerType?: "NATURAL" | "LEGAL";
            embed: {
                /**
                 * Format: uri
                 * @description Absolute URL of the storefront script with the payment components.
                 */
                src: string;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC; the session answers 409 to the storefront after it.
             */
            expiresAt: string;
            /**
             * Format: uuid
             * @description Session id.
             */
            id: string;
            /** @description The `locale` as it was sent at creation; null without one. */
            locale: string | null;
            /** @description The kinds of goods in the order (1 to 5 distinct values). A method whose `excludedProductTypes` names any of them is not offered (e.g. no credit for a gift card). */
            productTypes?: components["schemas"]["ProductType"][];
            /**
             * Format: uuid
             * @description The store the session was created for.
             */
            storeId: string;
            /** @description This session's lifetime in seconds: a whole number from 60 to SESSION_TTL_SECONDS (the default). `expiresAt` follows it. */
            ttlSeconds?: number;
        };
        Store: {
            /** @description ISO 3166-1 alpha-2. */
            countryCode: string;
            /** Format: uuid */
            id: string;
            name: string;
            /** @description The operator's store number. */
            nationalStoreId: number;
            /** @description The legal entity behind the store, when the catalog gives one. */
            organizationNumber?: string;
        };
        StorePage: {
            content: components["schemas"]["Store"][];
            page: components["schemas"]["Page"];
        };
        /** @description One event's delivery to one endpoint, with its attempts. */
        WebhookDelivery: {
            /** @description Every attempt, oldest first. */
            attempts: {
                /** Format: date-time */
                attemptedAt: string;
                /** @description From the moment the attempt had its connection to the status received (or the failure). */
                durationMs: number;
                /** @description Why it failed: `HTTP <status>`, a refused address, a time-out or a connection error; null on success. */
                error: string | null;
                /** @description The receiver's status; null when none came. */
                statusCode: number | null;
                succeeded: boolean;
            }[];
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            endpointId: string;
            /** @description The event: the `webhook-id` header of every attempt. */
            eventId: string;
            eventType: string;
            /** Format: uuid */
            id: string;
            /** @description When pending: the next attempt. */
            nextAttemptAt: string | null;
            /**
             * @description pending: an attempt is due or in progress; succeeded: a 2xx came; failed: every retry was spent.
             * @enum {unknown}
             */
            state: "pending" | "succeeded" | "failed";
        };
        /** @description A merchant's webhook endpoint (never its secret). */
        WebhookEndpoint: {
            description: string;
            enabled: boolean;
            /** Format: uuid */
            id: string;
            merchantId: string;
            url: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    jwks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 7517 JWK Set: the public keys that verify access tokens of this issuer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            alg: string;
                            crv: string;
                            kid: string;
                            kty: string;
                            use: string;
                            x: string;
                            y: string;
                        }[];
                    };
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    authorizationServerMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 8414 authorization server metadata. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        grant_types_supported: string[];
                        issuer: string;
                        jwks_uri: string;
                        response_types_supported: string[];
                        scopes_supported: string[];
                        token_endpoint: string;
                        token_endpoint_auth_methods_supported: string[];
                    };
                };
            };
        };
    };
    adminListAuditEvents: {
        parameters: {
            query?: {
                /** @description Only events of this actor: its id (a client id, a CLI command such as `pms client create`, a catalog file's absolute path, a console person's subject), or its type and id as the console shows them (`console:editor-1`, `client:ops-admin`). */
                actor?: string;
                /** @description Only events of this kind of entity. */
                entity?: "merchant" | "store" | "client" | "payment-method" | "signing-key" | "webhook-endpoint";
                /** @description Only events of the entity with this id, as recorded (UUIDs in lowercase). */
                entityId?: string;
                /** @description Only events at or after this instant (ISO 8601, with an offset). */
                from?: string;
                /** @description Page number, 0-based. */
                page?: number;
                /** @description Page size. */
                size?: number;
                /** @description Only events at or before this instant (ISO 8601, with an offset). */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["AuditEvent"][];
                        page: components["schemas"]["Page"];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminListClients: {
        parameters: {
            query?: {
                /** @description Only this merchant's. */
                merchantId?: string;
                /** @description Page number, 0-based. */
                page?: number;
                /** @description Page size. */
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: {
                            clientId: string;
                            merchantId: string;
                            scopes: string[];
                        }[];
                        page: components["schemas"]["Page"];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminGetClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description OAuth client id. */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An OAuth client; its secret is never shown again after the response that set it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        merchantId: string;
                        scopes: string[];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminPutClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description OAuth client id. */
                clientId: string;
            };
            cookie?: never;
        };
        /** @description An OAuth client (catalog shape). `clientId`, when given, must equal the path id. Without `clientSecret` a new client gets a generated secret and an existing one keeps its secret. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description OAuth client id. */
                    clientId?: string;
                    /** @description Stored only as a scrypt hash. */
                    clientSecret?: string;
                    /** @description Merchant id: letters, digits and . _ : -, at most 100 characters. */
                    merchantId: string;
                    /** @description Scopes the client may request: merchant-api, admin. */
                    scopes: string[];
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        /** @description The secret this request set (generated unless the body gave one): present on creation, and on replacement only when the body gave a secret. Shown this once; only a hash is stored. */
                        clientSecret?: string;
                        merchantId: string;
                        scopes: string[];
                    };
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        /** @description The secret this request set (generated unless the body gave one): present on creation, and on replacement only when the body gave a secret. Shown this once; only a hash is stored. */
                        clientSecret?: string;
                        merchantId: string;
                        scopes: string[];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The request body exceeds 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported `Content-Type`: this endpoint accepts `application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminDeleteClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description OAuth client id. */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminRotateClientSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description OAuth client id. */
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        /** @description The new secret (base64url, 256 bits), shown this once. The old one no longer works. */
                        clientSecret: string;
                        merchantId: string;
                        scopes: string[];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminListMerchants: {
        parameters: {
            query?: {
                /** @description Page number, 0-based. */
                page?: number;
                /** @description Page size. */
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: {
                            id: string;
                            name: string;
                        }[];
                        page: components["schemas"]["Page"];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminGetMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Merchant id: letters, digits and . _ : -, at most 100 characters. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminPutMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Merchant id: letters, digits and . _ : -, at most 100 characters. */
                id: string;
            };
            cookie?: never;
        };
        /** @description A merchant (catalog shape). `id`, when given, must equal the path id. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Merchant id: letters, digits and . _ : -, at most 100 characters. */
                    id?: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                    };
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The request body exceeds 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported `Content-Type`: this endpoint accepts `application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminDeleteMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Merchant id: letters, digits and . _ : -, at most 100 characters. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Conflicts with the current state of the resource. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminListPaymentMethods: {
        parameters: {
            query?: {
                /** @description Page number, 0-based. */
                page?: number;
                /** @description Page size. */
                size?: number;
                /** @description Only this store's methods, in display order. */
                storeId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: {
                            /**
                             * Format: date-time
                             * @description Offered and listed from this instant on (inclusive), in UTC; absent: since always.
                             */
                            activeFrom?: string;
                            /**
                             * Format: date-time
                             * @description Offered and listed until this instant (exclusive), in UTC; absent: for good.
                             */
                            activeUntil?: string;
                            campaign: {
                                campaign: boolean;
                                keywords: string[];
                            };
                            /** @description Billing countries (ISO 3166-1 alpha-2) the method is offered in; absent: the store's countryCode alone. */
                            countries?: string[];
                            description: string;
                            enabledForLegalCustomer: boolean;
                            enabledForNaturalCustomer: boolean;
                            /** @description Kinds of goods the method is not offered for (a session whose productTypes hold one of them); [] none. */
                            excludedProductTypes: ("PHYSICAL" | "DIGITAL" | "GIFT_CARD" | "SERVICE" | "SUBSCRIPTION")[];
                            /** Format: uuid */
                            id: string;
                            legalLinks: {
                                appendAmount: boolean;
                                language?: string;
                                type: string;
                                url: string;
                            }[];
                            maxApplicationLimit: number;
                            maxPurchaseLimit: number;
                            minApplicationLimit: number;
                            minPurchaseLimit: number;
                            name: string;
                            plans: {
                                administrationFee: number;
                                annuityFactor: number;
                                description: string;
                                durationMonths: number;
                                interest: number;
                                name: string;
                                setupFee: number;
                                /** @description Translations of the plan's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                                translations: {
                                    da?: {
                                        description?: string;
                                        name?: string;
                                    };
                                    en?: {
                                        description?: string;
                                        name?: string;
                                    };
                                    fi?: {
                                        description?: string;
                                        name?: string;
                                    };
                                    nb?: {
                                        description?: string;
                                        name?: string;
                                    };
                                    sv?: {
                                        description?: string;
                                        name?: string;
                                    };
                                };
                            }[];
                            priceSignagePossible: boolean;
                            sortOrder: number;
                            /** Format: uuid */
                            storeId: string;
                            /** @description Translations of the payment method's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                            translations: {
                                da?: {
                                    description?: string;
                                    name?: string;
                                };
                                en?: {
                                    description?: string;
                                    name?: string;
                                };
                                fi?: {
                                    description?: string;
                                    name?: string;
                                };
                                nb?: {
                                    description?: string;
                                    name?: string;
                                };
                                sv?: {
                                    description?: string;
                                    name?: string;
                                };
                            };
                            type: string;
                        }[];
                        page: components["schemas"]["Page"];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminGetPaymentMethod: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description Offered and listed from this instant on (inclusive), in UTC; absent: since always.
                         */
                        activeFrom?: string;
                        /**
                         * Format: date-time
                         * @description Offered and listed until this instant (exclusive), in UTC; absent: for good.
                         */
                        activeUntil?: string;
                        campaign: {
                            campaign: boolean;
                            keywords: string[];
                        };
                        /** @description Billing countries (ISO 3166-1 alpha-2) the method is offered in; absent: the store's countryCode alone. */
                        countries?: string[];
                        description: string;
                        enabledForLegalCustomer: boolean;
                        enabledForNaturalCustomer: boolean;
                        /** @description Kinds of goods the method is not offered for (a session whose productTypes hold one of them); [] none. */
                        excludedProductTypes: ("PHYSICAL" | "DIGITAL" | "GIFT_CARD" | "SERVICE" | "SUBSCRIPTION")[];
                        /** Format: uuid */
                        id: string;
                        legalLinks: {
                            appendAmount: boolean;
                            language?: string;
                            type: string;
                            url: string;
                        }[];
                        maxApplicationLimit: number;
                        maxPurchaseLimit: number;
                        minApplicationLimit: number;
                        minPurchaseLimit: number;
                        name: string;
                        plans: {
                            administrationFee: number;
                            annuityFactor: number;
                            description: string;
                            durationMonths: number;
                            interest: number;
                            name: string;
                            setupFee: number;
                            /** @description Translations of the plan's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                            translations: {
                                da?: {
                                    description?: string;
                                    name?: string;
                                };
                                en?: {
                                    description?: string;
                                    name?: string;
                                };
                                fi?: {
                                    description?: string;
                                    name?: string;
                                };
                                nb?: {
                                    description?: string;
                                    name?: string;
                                };
                                sv?: {
                                    description?: string;
                                    name?: string;
                                };
                            };
                        }[];
                        priceSignagePossible: boolean;
                        sortOrder: number;
                        /** Format: uuid */
                        storeId: string;
                        /** @description Translations of the payment method's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                        translations: {
                            da?: {
                                description?: string;
                                name?: string;
                            };
                            en?: {
                                description?: string;
                                name?: string;
                            };
                            fi?: {
                                description?: string;
                                name?: string;
                            };
                            nb?: {
                                description?: string;
                                name?: string;
                            };
                            sv?: {
                                description?: string;
                                name?: string;
                            };
                        };
                        type: string;
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminPutPaymentMethod: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description One payment method (catalog shape). `id`, when given, must equal the path id. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Offered and listed from this instant on (inclusive): an ISO 8601 date and time with an offset, e.g. 2026-11-27T00:00:00+01:00 (seconds optional; a time between two milliseconds is taken as the next one). Absent: since always. */
                    activeFrom?: string;
                    /** @description Offered and listed until this instant (exclusive), after activeFrom. Absent: for good. */
                    activeUntil?: string;
                    campaign?: {
                        campaign: boolean;
                        keywords: string[];
                    };
                    /** @description The billing countries the method is offered in when a session names its country: ISO 3166-1 alpha-2 codes in upper case (SE, NO), each at most once. Absent: the store's countryCode alone (following it if it changes). */
                    countries?: string[];
                    /** @description Default ''. */
                    description?: string;
                    enabledForLegalCustomer: boolean;
                    enabledForNaturalCustomer: boolean;
                    /** @description Kinds of goods (PHYSICAL, DIGITAL, GIFT_CARD, SERVICE, SUBSCRIPTION), each at most once: the method is not offered to a session whose productTypes hold any of them. Default []: none. */
                    excludedProductTypes?: ("PHYSICAL" | "DIGITAL" | "GIFT_CARD" | "SERVICE" | "SUBSCRIPTION")[];
                    /** @description Payment method id (UUID). */
                    id?: string;
                    legalLinks?: {
                        /** @description Append the purchase amount to the URL. Default false. */
                        appendAmount?: boolean;
                        /** @description ISO 639-1 language of the document. Default: the store's country's (SE sv, NO nb, DK da, FI fi, else en). */
                        language?: string;
                        /** @description PRICE_INFO, SECCI or GENERAL_TERMS; other types are kept as they are. */
                        type: string;
                        /** @description Absolute http(s) URL. */
                        url: string;
                    }[];
                    /** @description Maximum application amount, at most 2 decimal places. A non-negative decimal, as a JSON number or a decimal string. */
                    maxApplicationLimit: number | string;
                    /** @description Maximum purchase amount, at most 2 decimal places. A non-negative decimal, as a JSON number or a decimal string. */
                    maxPurchaseLimit: number | string;
                    /** @description Minimum application amount, at most 2 decimal places. A non-negative decimal, as a JSON number or a decimal string. */
                    minApplicationLimit: number | string;
                    /** @description Minimum purchase amount, at most 2 decimal places. A non-negative decimal, as a JSON number or a decimal string. */
                    minPurchaseLimit: number | string;
                    name: string;
                    plans?: {
                        /** @description Monthly administration fee. Default 0. A non-negative decimal, as a JSON number or a decimal string. */
                        administrationFee?: number | string;
                        /** @description Monthly cost per currency unit borrowed, at most 12 decimal places. A non-negative decimal, as a JSON number or a decimal string. */
                        annuityFactor: number | string;
                        /** @description Shown with the plan on product pages. Default "". */
                        description?: string;
                        durationMonths: number;
                        /** @description Nominal annual interest, at most 12 decimal places. Default 0. A non-negative decimal, as a JSON number or a decimal string. */
                        interest?: number | string;
                        name: string;
                        /** @description One-off setup fee. Default 0. A non-negative decimal, as a JSON number or a decimal string. */
                        setupFee?: number | string;
                        /** @description Translations of the plan's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                        translations?: {
                            da?: {
                                description?: string;
                                name?: string;
                            };
                            en?: {
                                description?: string;
                                name?: string;
                            };
                            fi?: {
                                description?: string;
                                name?: string;
                            };
                            nb?: {
                                description?: string;
                                name?: string;
                            };
                            sv?: {
                                description?: string;
                                name?: string;
                            };
                        };
                    }[];
                    /** @description Default false. */
                    priceSignagePossible?: boolean;
                    /** @description Display order. Default 0. */
                    sortOrder?: number;
                    /** @description Store the method belongs to. */
                    storeId: string;
                    /** @description Translations of the payment method's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                    translations?: {
                        da?: {
                            description?: string;
                            name?: string;
                        };
                        en?: {
                            description?: string;
                            name?: string;
                        };
                        fi?: {
                            description?: string;
                            name?: string;
                        };
                        nb?: {
                            description?: string;
                            name?: string;
                        };
                        sv?: {
                            description?: string;
                            name?: string;
                        };
                    };
                    /** @description Payment method type; an extensible enum (unknown values are served as they are). */
                    type: string;
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description Offered and listed from this instant on (inclusive), in UTC; absent: since always.
                         */
                        activeFrom?: string;
                        /**
                         * Format: date-time
                         * @description Offered and listed until this instant (exclusive), in UTC; absent: for good.
                         */
                        activeUntil?: string;
                        campaign: {
                            campaign: boolean;
                            keywords: string[];
                        };
                        /** @description Billing countries (ISO 3166-1 alpha-2) the method is offered in; absent: the store's countryCode alone. */
                        countries?: string[];
                        description: string;
                        enabledForLegalCustomer: boolean;
                        enabledForNaturalCustomer: boolean;
                        /** @description Kinds of goods the method is not offered for (a session whose productTypes hold one of them); [] none. */
                        excludedProductTypes: ("PHYSICAL" | "DIGITAL" | "GIFT_CARD" | "SERVICE" | "SUBSCRIPTION")[];
                        /** Format: uuid */
                        id: string;
                        legalLinks: {
                            appendAmount: boolean;
                            language?: string;
                            type: string;
                            url: string;
                        }[];
                        maxApplicationLimit: number;
                        maxPurchaseLimit: number;
                        minApplicationLimit: number;
                        minPurchaseLimit: number;
                        name: string;
                        plans: {
                            administrationFee: number;
                            annuityFactor: number;
                            description: string;
                            durationMonths: number;
                            interest: number;
                            name: string;
                            setupFee: number;
                            /** @description Translations of the plan's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                            translations: {
                                da?: {
                                    description?: string;
                                    name?: string;
                                };
                                en?: {
                                    description?: string;
                                    name?: string;
                                };
                                fi?: {
                                    description?: string;
                                    name?: string;
                                };
                                nb?: {
                                    description?: string;
                                    name?: string;
                                };
                                sv?: {
                                    description?: string;
                                    name?: string;
                                };
                            };
                        }[];
                        priceSignagePossible: boolean;
                        sortOrder: number;
                        /** Format: uuid */
                        storeId: string;
                        /** @description Translations of the payment method's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                        translations: {
                            da?: {
                                description?: string;
                                name?: string;
                            };
                            en?: {
                                description?: string;
                                name?: string;
                            };
                            fi?: {
                                description?: string;
                                name?: string;
                            };
                            nb?: {
                                description?: string;
                                name?: string;
                            };
                            sv?: {
                                description?: string;
                                name?: string;
                            };
                        };
                        type: string;
                    };
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description Offered and listed from this instant on (inclusive), in UTC; absent: since always.
                         */
                        activeFrom?: string;
                        /**
                         * Format: date-time
                         * @description Offered and listed until this instant (exclusive), in UTC; absent: for good.
                         */
                        activeUntil?: string;
                        campaign: {
                            campaign: boolean;
                            keywords: string[];
                        };
                        /** @description Billing countries (ISO 3166-1 alpha-2) the method is offered in; absent: the store's countryCode alone. */
                        countries?: string[];
                        description: string;
                        enabledForLegalCustomer: boolean;
                        enabledForNaturalCustomer: boolean;
                        /** @description Kinds of goods the method is not offered for (a session whose productTypes hold one of them); [] none. */
                        excludedProductTypes: ("PHYSICAL" | "DIGITAL" | "GIFT_CARD" | "SERVICE" | "SUBSCRIPTION")[];
                        /** Format: uuid */
                        id: string;
                        legalLinks: {
                            appendAmount: boolean;
                            language?: string;
                            type: string;
                            url: string;
                        }[];
                        maxApplicationLimit: number;
                        maxPurchaseLimit: number;
                        minApplicationLimit: number;
                        minPurchaseLimit: number;
                        name: string;
                        plans: {
                            administrationFee: number;
                            annuityFactor: number;
                            description: string;
                            durationMonths: number;
                            interest: number;
                            name: string;
                            setupFee: number;
                            /** @description Translations of the plan's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                            translations: {
                                da?: {
                                    description?: string;
                                    name?: string;
                                };
                                en?: {
                                    description?: string;
                                    name?: string;
                                };
                                fi?: {
                                    description?: string;
                                    name?: string;
                                };
                                nb?: {
                                    description?: string;
                                    name?: string;
                                };
                                sv?: {
                                    description?: string;
                                    name?: string;
                                };
                            };
                        }[];
                        priceSignagePossible: boolean;
                        sortOrder: number;
                        /** Format: uuid */
                        storeId: string;
                        /** @description Translations of the payment method's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                        translations: {
                            da?: {
                                description?: string;
                                name?: string;
                            };
                            en?: {
                                description?: string;
                                name?: string;
                            };
                            fi?: {
                                description?: string;
                                name?: string;
                            };
                            nb?: {
                                description?: string;
                                name?: string;
                            };
                            sv?: {
                                description?: string;
                                name?: string;
                            };
                        };
                        type: string;
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The request body exceeds 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported `Content-Type`: this endpoint accepts `application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminDeletePaymentMethod: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminListStores: {
        parameters: {
            query?: {
                /** @description Only this merchant's. */
                merchantId?: string;
                /** @description Page number, 0-based. */
                page?: number;
                /** @description Page size. */
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: {
                            bundleTitle: string;
                            /** @description ISO 3166-1 alpha-2. */
                            countryCode: string;
                            /** @description The store's credit warning; left out when the store has none of its own (each language's default is served). */
                            creditWarning?: string;
                            currency: string;
                            /** Format: uuid */
                            id: string;
                            merchantId: string;
                            minimumInvoiceAmount: number;
                            name: string;
                            /** @description The operator's store number (assigned when the body left it out). */
                            nationalStoreId: number;
                            organizationNumber?: string;
                            /** @description Translations of the store's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                            translations: {
                                da?: {
                                    bundleTitle?: string;
                                    creditWarning?: string;
                                };
                                en?: {
                                    bundleTitle?: string;
                                    creditWarning?: string;
                                };
                                fi?: {
                                    bundleTitle?: string;
                                    creditWarning?: string;
                                };
                                nb?: {
                                    bundleTitle?: string;
                                    creditWarning?: string;
                                };
                                sv?: {
                                    bundleTitle?: string;
                                    creditWarning?: string;
                                };
                            };
                        }[];
                        page: components["schemas"]["Page"];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminGetStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bundleTitle: string;
                        /** @description ISO 3166-1 alpha-2. */
                        countryCode: string;
                        /** @description The store's credit warning; left out when the store has none of its own (each language's default is served). */
                        creditWarning?: string;
                        currency: string;
                        /** Format: uuid */
                        id: string;
                        merchantId: string;
                        minimumInvoiceAmount: number;
                        name: string;
                        /** @description The operator's store number (assigned when the body left it out). */
                        nationalStoreId: number;
                        organizationNumber?: string;
                        /** @description Translations of the store's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                        translations: {
                            da?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            en?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            fi?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            nb?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            sv?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                        };
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminPutStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description A store (catalog shape). `id`, when given, must equal the path id. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Title of a bundle of part-payment methods. Default "Part payment" (given in the language of each answer). */
                    bundleTitle?: string;
                    /** @description ISO 3166-1 alpha-2 country of the store. Default SE. */
                    countryCode?: string;
                    /** @description The warning that borrowing costs money, shown with the credit information beside every monthly cost offered to consumers (at most 500 characters, translated in `translations`). Left out: the default of each language ("Att låna kostar pengar!" in Swedish); "" shows none. */
                    creditWarning?: string;
                    /** @description ISO 4217 code of the store base currency. */
                    currency: string;
                    /** @description Store id (UUID). */
                    id?: string;
                    /** @description Merchant id: letters, digits and . _ : -, at most 100 characters. */
                    merchantId: string;
                    /** @description Lowest monthly cost shown as price signage. Default 0. A non-negative decimal, as a JSON number or a decimal string. */
                    minimumInvoiceAmount?: number | string;
                    name: string;
                    /** @description The operator's store number, unique. Left out: the next free number is assigned and then kept. */
                    nationalStoreId?: number;
                    /** @description The legal entity behind the store (e.g. 556677-8899). */
                    organizationNumber?: string;
                    /** @description Translations of the store's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                    translations?: {
                        da?: {
                            bundleTitle?: string;
                            creditWarning?: string;
                        };
                        en?: {
                            bundleTitle?: string;
                            creditWarning?: string;
                        };
                        fi?: {
                            bundleTitle?: string;
                            creditWarning?: string;
                        };
                        nb?: {
                            bundleTitle?: string;
                            creditWarning?: string;
                        };
                        sv?: {
                            bundleTitle?: string;
                            creditWarning?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bundleTitle: string;
                        /** @description ISO 3166-1 alpha-2. */
                        countryCode: string;
                        /** @description The store's credit warning; left out when the store has none of its own (each language's default is served). */
                        creditWarning?: string;
                        currency: string;
                        /** Format: uuid */
                        id: string;
                        merchantId: string;
                        minimumInvoiceAmount: number;
                        name: string;
                        /** @description The operator's store number (assigned when the body left it out). */
                        nationalStoreId: number;
                        organizationNumber?: string;
                        /** @description Translations of the store's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                        translations: {
                            da?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            en?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            fi?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            nb?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            sv?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                        };
                    };
                };
            };
            /** @description Created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bundleTitle: string;
                        /** @description ISO 3166-1 alpha-2. */
                        countryCode: string;
                        /** @description The store's credit warning; left out when the store has none of its own (each language's default is served). */
                        creditWarning?: string;
                        currency: string;
                        /** Format: uuid */
                        id: string;
                        merchantId: string;
                        minimumInvoiceAmount: number;
                        name: string;
                        /** @description The operator's store number (assigned when the body left it out). */
                        nationalStoreId: number;
                        organizationNumber?: string;
                        /** @description Translations of the store's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                        translations: {
                            da?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            en?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            fi?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            nb?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            sv?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                        };
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The request body exceeds 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported `Content-Type`: this endpoint accepts `application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminDeleteStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminPreviewStoreChange: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The store (UUID). */
                storeId: string;
            };
            cookie?: never;
        };
        /** @description A proposed change of a store: nothing of it is saved. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description The store's whole list of methods as the change would leave it, each as `PUT /admin/v1/payment-methods/{id}` takes it, with its `id`, and of this store. A method of the store left out counts as deleted. */
                    paymentMethods: {
                        /** @description Offered and listed from this instant on (inclusive): an ISO 8601 date and time with an offset, e.g. 2026-11-27T00:00:00+01:00 (seconds optional; a time between two milliseconds is taken as the next one). Absent: since always. */
                        activeFrom?: string;
                        /** @description Offered and listed until this instant (exclusive), after activeFrom. Absent: for good. */
                        activeUntil?: string;
                        campaign?: {
                            campaign: boolean;
                            keywords: string[];
                        };
                        /** @description The billing countries the method is offered in when a session names its country: ISO 3166-1 alpha-2 codes in upper case (SE, NO), each at most once. Absent: the store's countryCode alone (following it if it changes). */
                        countries?: string[];
                        /** @description Default ''. */
                        description?: string;
                        enabledForLegalCustomer: boolean;
                        enabledForNaturalCustomer: boolean;
                        /** @description Kinds of goods (PHYSICAL, DIGITAL, GIFT_CARD, SERVICE, SUBSCRIPTION), each at most once: the method is not offered to a session whose productTypes hold any of them. Default []: none. */
                        excludedProductTypes?: ("PHYSICAL" | "DIGITAL" | "GIFT_CARD" | "SERVICE" | "SUBSCRIPTION")[];
                        /** @description Payment method id (UUID). */
                        id: string;
                        legalLinks?: {
                            /** @description Append the purchase amount to the URL. Default false. */
                            appendAmount?: boolean;
                            /** @description ISO 639-1 language of the document. Default: the store's country's (SE sv, NO nb, DK da, FI fi, else en). */
                            language?: string;
                            /** @description PRICE_INFO, SECCI or GENERAL_TERMS; other types are kept as they are. */
                            type: string;
                            /** @description Absolute http(s) URL. */
                            url: string;
                        }[];
                        /** @description Maximum application amount, at most 2 decimal places. A non-negative decimal, as a JSON number or a decimal string. */
                        maxApplicationLimit: number | string;
                        /** @description Maximum purchase amount, at most 2 decimal places. A non-negative decimal, as a JSON number or a decimal string. */
                        maxPurchaseLimit: number | string;
                        /** @description Minimum application amount, at most 2 decimal places. A non-negative decimal, as a JSON number or a decimal string. */
                        minApplicationLimit: number | string;
                        /** @description Minimum purchase amount, at most 2 decimal places. A non-negative decimal, as a JSON number or a decimal string. */
                        minPurchaseLimit: number | string;
                        name: string;
                        plans?: {
                            /** @description Monthly administration fee. Default 0. A non-negative decimal, as a JSON number or a decimal string. */
                            administrationFee?: number | string;
                            /** @description Monthly cost per currency unit borrowed, at most 12 decimal places. A non-negative decimal, as a JSON number or a decimal string. */
                            annuityFactor: number | string;
                            /** @description Shown with the plan on product pages. Default "". */
                            description?: string;
                            durationMonths: number;
                            /** @description Nominal annual interest, at most 12 decimal places. Default 0. A non-negative decimal, as a JSON number or a decimal string. */
                            interest?: number | string;
                            name: string;
                            /** @description One-off setup fee. Default 0. A non-negative decimal, as a JSON number or a decimal string. */
                            setupFee?: number | string;
                            /** @description Translations of the plan's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                            translations?: {
                                da?: {
                                    description?: string;
                                    name?: string;
                                };
                                en?: {
                                    description?: string;
                                    name?: string;
                                };
                                fi?: {
                                    description?: string;
                                    name?: string;
                                };
                                nb?: {
                                    description?: string;
                                    name?: string;
                                };
                                sv?: {
                                    description?: string;
                                    name?: string;
                                };
                            };
                        }[];
                        /** @description Default false. */
                        priceSignagePossible?: boolean;
                        /** @description Display order. Default 0. */
                        sortOrder?: number;
                        /** @description Store the method belongs to. */
                        storeId: string;
                        /** @description Translations of the payment method's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                        translations?: {
                            da?: {
                                description?: string;
                                name?: string;
                            };
                            en?: {
                                description?: string;
                                name?: string;
                            };
                            fi?: {
                                description?: string;
                                name?: string;
                            };
                            nb?: {
                                description?: string;
                                name?: string;
                            };
                            sv?: {
                                description?: string;
                                name?: string;
                            };
                        };
                        /** @description Payment method type; an extensible enum (unknown values are served as they are). */
                        type: string;
                    }[];
                    /** @description The store as `PUT /admin/v1/stores/{id}` would take it (its bundle title, country …); absent: as stored. */
                    store?: {
                        /** @description Title of a bundle of part-payment methods. Default "Part payment" (given in the language of each answer). */
                        bundleTitle?: string;
                        /** @description ISO 3166-1 alpha-2 country of the store. Default SE. */
                        countryCode?: string;
                        /** @description The warning that borrowing costs money, shown with the credit information beside every monthly cost offered to consumers (at most 500 characters, translated in `translations`). Left out: the default of each language ("Att låna kostar pengar!" in Swedish); "" shows none. */
                        creditWarning?: string;
                        /** @description ISO 4217 code of the store base currency. */
                        currency: string;
                        /** @description Store id (UUID). */
                        id?: string;
                        /** @description Merchant id: letters, digits and . _ : -, at most 100 characters. */
                        merchantId: string;
                        /** @description Lowest monthly cost shown as price signage. Default 0. A non-negative decimal, as a JSON number or a decimal string. */
                        minimumInvoiceAmount?: number | string;
                        name: string;
                        /** @description The operator's store number, unique. Left out: the next free number is assigned and then kept. */
                        nationalStoreId?: number;
                        /** @description The legal entity behind the store (e.g. 556677-8899). */
                        organizationNumber?: string;
                        /** @description Translations of the store's texts by language (sv, nb, da, fi, en); a text without one is served as written (in the store's language). Example: {"en": {"name": "Invoice"}}. */
                        translations?: {
                            da?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            en?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            fi?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            nb?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                            sv?: {
                                bundleTitle?: string;
                                creditWarning?: string;
                            };
                        };
                    };
                };
            };
        };
        responses: {
            /** @description What the change would change for shoppers, compared at this moment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description By customer type (NATURAL, LEGAL), campaign (null first, then the keywords), order (sessions without rules first, then each productType, then each country) and amount; [] when nothing changes. */
                        changes: components["schemas"]["OfferChange"][];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The request body exceeds 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported `Content-Type`: this endpoint accepts `application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminRetryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, due now: an instance sends it within a second. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No delivery has this id (it was purged, or its endpoint was deleted). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The delivery's endpoint is disabled (`WEBHOOK_ENDPOINT_DISABLED`): nothing is sent to it, so the delivery is left as it is. Enable the endpoint (its pending deliveries then go out by themselves), then retry. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminListWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Only this merchant's. */
                merchantId?: string;
                /** @description Page number, 0-based. */
                page?: number;
                /** @description Page size. */
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["WebhookEndpoint"][];
                        page: components["schemas"]["Page"];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminCreateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A merchant's webhook endpoint. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Free text for the operator, at most 500 characters. Absent or null: none, stored and shown as "". */
                    description?: string | null;
                    /** @description A disabled endpoint gets no new deliveries and its pending ones wait. Default true. */
                    enabled?: boolean;
                    /** @description When given (PUT), must equal the path id. */
                    id?: string;
                    /** @description Merchant id: letters, digits and . _ : -, at most 100 characters. */
                    merchantId: string;
                    /** @description Where events are POSTed: an https:// URL whose name resolves to public addresses only (checked again on every connection); with WEBHOOK_ALLOW_PRIVATE=true also http:// and private, loopback and link-local addresses. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The endpoint with its new secret, shown this once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string;
                        enabled: boolean;
                        /** Format: uuid */
                        id: string;
                        merchantId: string;
                        /** @description `whsec_` and the base64 of 32 random bytes: verifies the signatures. Shown only in this answer. */
                        secret: string;
                        url: string;
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The request body exceeds 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported `Content-Type`: this endpoint accepts `application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminGetWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A merchant's webhook endpoint (never its secret). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminPutWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        /** @description A merchant's webhook endpoint. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Free text for the operator, at most 500 characters. Absent or null: none, stored and shown as "". */
                    description?: string | null;
                    /** @description A disabled endpoint gets no new deliveries and its pending ones wait. Default true. */
                    enabled?: boolean;
                    /** @description When given (PUT), must equal the path id. */
                    id?: string;
                    /** @description Merchant id: letters, digits and . _ : -, at most 100 characters. */
                    merchantId: string;
                    /** @description Where events are POSTed: an https:// URL whose name resolves to public addresses only (checked again on every connection); with WEBHOOK_ALLOW_PRIVATE=true also http:// and private, loopback and link-local addresses. */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The endpoint as stored; with `secret` (shown this once) when this request created it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string;
                        enabled: boolean;
                        /** Format: uuid */
                        id: string;
                        merchantId: string;
                        /** @description `whsec_` and the base64 of 32 random bytes: verifies the signatures. Shown only in this answer. */
                        secret?: string;
                        url: string;
                    };
                };
            };
            /** @description The endpoint as stored; with `secret` (shown this once) when this request created it. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string;
                        enabled: boolean;
                        /** Format: uuid */
                        id: string;
                        merchantId: string;
                        /** @description `whsec_` and the base64 of 32 random bytes: verifies the signatures. Shown only in this answer. */
                        secret?: string;
                        url: string;
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The request body exceeds 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported `Content-Type`: this endpoint accepts `application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminDeleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminListWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, 0-based. */
                page?: number;
                /** @description Page size. */
                size?: number;
            };
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content: components["schemas"]["WebhookDelivery"][];
                        page: components["schemas"]["Page"];
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    adminRotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret, shown this once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        description: string;
                        enabled: boolean;
                        /** Format: uuid */
                        id: string;
                        merchantId: string;
                        /** @description `whsec_` and the base64 of 32 random bytes: verifies the signatures. Shown only in this answer. */
                        secret: string;
                        url: string;
                    };
                };
            };
            /** @description The request cannot be understood (see `message`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Not found. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    issueToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description RFC 6749 §4.4.2 access token request. Unknown parameters are ignored; none may repeat. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description Client id, when not sent by HTTP Basic. */
                    client_id?: string;
                    /** @description Client secret, when not sent by HTTP Basic. */
                    client_secret?: string;
                    /** @description Must be client_credentials. */
                    grant_type?: string;
                    /** @description Space-separated subset of the client's scopes; absent requests all of them. */
                    scope?: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description Client id, when not sent by HTTP Basic. */
                    client_id?: string;
                    /** @description Client secret, when not sent by HTTP Basic. */
                    client_secret?: string;
                    /** @description Must be client_credentials. */
                    grant_type?: string;
                    /** @description Space-separated subset of the client's scopes; absent requests all of them. */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description The access token. */
            200: {
                headers: {
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description RFC 9068 JWT access token (typ at+jwt). */
                        access_token: string;
                        /** @description Lifetime of the token in seconds. */
                        expires_in: number;
                        /** @description Granted scopes, space-separated. */
                        scope: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                    };
                };
            };
            /** @description `invalid_request` (a missing, repeated or malformed parameter, two authentication methods, or a body that is not form-encoded), `unsupported_grant_type` or `invalid_scope`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorResponse"];
                };
            };
            /** @description `invalid_client`: unknown client or wrong secret. */
            401: {
                headers: {
                    /** @description `Basic realm="payment-methods", charset="UTF-8"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorResponse"];
                };
            };
            /** @description `invalid_request`: the body exceeds 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorResponse"];
                };
            };
            /** @description `invalid_request`: too many failed authentications of this client id from this address this minute (a right secret this instance verified before is never refused). Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorResponse"];
                };
            };
            /** @description `server_error`: unexpected fault, generic description. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorResponse"];
                };
            };
            /** @description `temporarily_unavailable`: the database cannot be reached, or this instance is verifying as many client secrets as it allows (a bound on the work unauthenticated requests can cause). Retry after `Retry-After` seconds. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorResponse"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1.0 document. */
            200: {
                headers: {
                    /** @description `no-cache`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                    };
                };
            };
            /** @description The database did not answer (in time), or the instance is shutting down. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id from session creation. */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session. */
            200: {
                headers: {
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionRecord"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such session for this client: unknown, malformed, purged, or of a store the client is not granted. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getPaymentMethodGroups: {
        parameters: {
            query: {
                /** @description Purchase amount in the store's base currency, e.g. 1299.95. */
                amount: string;
                /** @description NATURAL (consumers, B2C) or LEGAL (businesses, B2B). */
                customerType?: "NATURAL" | "LEGAL";
                /** @description true: one group per method. false or absent: part-payment methods are bundled. */
                flattened?: boolean;
                /** @description The language of this answer's texts as a BCP 47 tag (at most 35 characters), overriding the session's `locale`: `sv`, `nb` (also `no`, `nn`), `da`, `fi` or `en` by its primary subtag; a tag of another language gets the store's language. The answer's `Content-Language` names the language used. */
                locale?: string;
            };
            header?: never;
            path: {
                /** @description Session id from session creation. */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups to offer, in display order; `[]` when nothing is eligible. */
            200: {
                headers: {
                    /** @description `private, max-age=600`. */
                    "Cache-Control"?: string;
                    /** @description The language of the texts: `sv`, `nb`, `da`, `fi` or `en`. */
                    "Content-Language"?: string;
                    /** @description Validator of this body, for `If-None-Match`; different for each language. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodGroup"][];
                };
            };
            /** @description Not modified: `If-None-Match` matched the current `ETag`. No body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `amount` missing, or `amount`, `customerType`, `flattened` or `locale` given more than once. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such session (a malformed id included), or a session purged at least 24 hours after it expired. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The session has expired (`expiresAt` has passed): the merchant backend must create a new one. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description `amount` does not match `^\d+(\.\d{1,2})?$` (an empty one included), `customerType` is not `NATURAL` or `LEGAL`, `flattened` is not `true` or `false`, or `locale` is not a well-formed BCP 47 tag of at most 35 characters; or, after the session's checks, `customerType` differs from the one the session was created with. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getPriceInformation: {
        parameters: {
            query: {
                /** @description Purchase amount in the store's base currency, e.g. 1299.95: the amount of the group retrieval that named the page. */
                amount: string;
                /** @description The group's `id` from group retrieval (64 lowercase hexadecimal digits). */
                group: string;
                /** @description The page's language as a BCP 47 tag (at most 35 characters), overriding the session's `locale`, as on group retrieval: `sv`, `nb` (also `no`, `nn`), `da`, `fi` or `en` by its primary subtag; another language gets the store's. */
                locale?: string;
            };
            header?: never;
            path: {
                /** @description Session id from session creation. */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The price-information page. */
            200: {
                headers: {
                    /** @description `private, max-age=600`. */
                    "Cache-Control"?: string;
                    /** @description The language of the page: `sv`, `nb`, `da`, `fi` or `en`. */
                    "Content-Language"?: string;
                    /** @description `default-src 'none'`; the page's one stylesheet allowed by its hash. */
                    "Content-Security-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `amount` or `group` missing, given more than once or malformed (`amount` must match `^\d+(\.\d{1,2})?$`, `group` 64 lowercase hexadecimal digits), or `locale` given twice or not a well-formed BCP 47 tag; `parameters` names the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No such session (a malformed id included), or the group is not one of the session's groups at `amount`, or it names no monthly cost (`GROUP_NOT_FOUND`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The session has expired. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    createSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes retries safe (draft-ietf-httpapi-idempotency-key-header): the same client, key and request within 24 hours answers the session the first request created, with `Idempotent-Replayed: true`. A key is 1 to 255 printable ASCII characters, sent as a Structured Field String (`"8e03978e-40d5-43e8-bc93-6894a57f9324"`, as the draft specifies) or bare. Use a new random key (a UUID) for every new session, and the same one for its retries.
                 * @example "8e03978e-40d5-43e8-bc93-6894a57f9324"
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description The store's id (UUID). */
                storeId: string;
            };
            cookie?: never;
        };
        /** @description Optional; an absent or empty body means no campaign and no rules (docs/session-api.md#order-rules): every method the store's own rules allow is offered. Unknown fields are ignored. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateSessionRequest"];
            };
        };
        responses: {
            /** @description The session. It is stored before this response is sent. A replay (a key seen before) answers the session the first request created, with the same body. */
            201: {
                headers: {
                    /** @description `no-store`. */
                    "Cache-Control"?: string;
                    /** @description `true` when the answer is a replay of an earlier request with the same `Idempotency-Key`, else `false`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description Malformed JSON, a member named twice (`DUPLICATE_BODY_MEMBER`, `parameters` naming it: `{"locale":"sv-SE","locale":"en"}`), a body that is not an object, `campaign` not a string of 1 to 100 characters, `locale` not a string or not a well-formed BCP 47 tag of at most 35 characters, a rule of the order that is not valid (`parameters` naming the field, and for a list the entry: `allowedPaymentMethods[2]`: a wrong type, an empty list, more than 50 entries, a repeated entry, a type not matching `^[A-Z][A-Z0-9_]{0,63}$`, a UUID that is not one of the store's methods, an unknown product type, a country that is not an upper-case ISO 3166-1 alpha-2 code, a `ttlSeconds` that is not a whole number from 60 to `SESSION_TTL_SECONDS`), or `storeId` not a UUID, or an `Idempotency-Key` that is not 1 to 255 printable ASCII characters (`INVALID_IDEMPOTENCY_KEY`, `parameters` naming the header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being processed (`IDEMPOTENCY_KEY_IN_FLIGHT`): retry after `Retry-After` seconds, with the same key, to get its session. */
            409: {
                headers: {
                    /** @description Seconds to wait before retrying (1). */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The request body exceeds 64 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unsupported `Content-Type`: this endpoint accepts `application/json`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The `Idempotency-Key` was used within the last 24 hours for a request with another store or body (`IDEMPOTENCY_KEY_REUSED`). A new session needs a new key. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listStores: {
        parameters: {
            query?: {
                /** @description Page number, 0-based. */
                page?: number;
                /** @description Page size; values above 1000 are served as 1000. */
                size?: number;
                /** @description Order: `name` (default) or `nationalStoreId`, optionally followed by `,asc` (default) or `,desc`. */
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of stores. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StorePage"];
                };
            };
            /** @description `page` or `size` not an integer in range, `sort` not one of the forms above, or a parameter repeated. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listPaymentMethods: {
        parameters: {
            query?: {
                /** @description Only methods whose purchase limits include this amount (inclusive), e.g. 1299.95. */
                amount?: string;
                /** @description The language of the answer's texts as a BCP 47 tag (at most 35 characters): `sv`, `nb` (also `no`, `nn`), `da`, `fi` or `en` by its primary subtag; a tag of another language, or none, gets the store's language. The answer's `Content-Language` names the language used. */
                locale?: string;
                /** @description Page number, 0-based. */
                page?: number;
                /** @description Page size. */
                size?: number;
            };
            header?: never;
            path: {
                /** @description The store's id (UUID). */
                store_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of payment methods. */
            200: {
                headers: {
                    /** @description The language of the texts: `sv`, `nb`, `da`, `fi` or `en`. */
                    "Content-Language"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodPage"];
                };
            };
            /** @description `amount` not a plain non-negative decimal, `page` or `size` out of range, `locale` not a well-formed BCP 47 tag, or a parameter repeated. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listAnnuityFactors: {
        parameters: {
            query?: {
                /** @description The language of the answer's texts as a BCP 47 tag (at most 35 characters): `sv`, `nb` (also `no`, `nn`), `da`, `fi` or `en` by its primary subtag; a tag of another language, or none, gets the store's language. The answer's `Content-Language` names the language used. */
                locale?: string;
            };
            header?: never;
            path: {
                /** @description The payment method's id (UUID). */
                payment_method_id: string;
                /** @description The store's id (UUID). */
                store_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plans, named in the language of `locale` (else the store's). */
            200: {
                headers: {
                    /** @description The language of the plan names: `sv`, `nb`, `da`, `fi` or `en`. */
                    "Content-Language"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnnuityFactors"];
                };
            };
            /** @description `store_id` or `payment_method_id` is not a UUID, or `locale` is repeated or not a well-formed BCP 47 tag. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The store has no such payment method (an unknown id, or a method of another store). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getPriceSignage: {
        parameters: {
            query: {
                /** @description The price on the product page, e.g. 1299.95. */
                amount: string;
                /** @description The language of the answer's texts as a BCP 47 tag (at most 35 characters): `sv`, `nb` (also `no`, `nn`), `da`, `fi` or `en` by its primary subtag; a tag of another language, or none, gets the store's language. The answer's `Content-Language` names the language used. */
                locale?: string;
            };
            header?: never;
            path: {
                /** @description The payment method's id (UUID). */
                payment_method_id: string;
                /** @description The store's id (UUID). */
                store_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The legal documents and the costs per plan. */
            200: {
                headers: {
                    /** @description The language of the texts: `sv`, `nb`, `da`, `fi` or `en`. */
                    "Content-Language"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceSignage"];
                };
            };
            /** @description `amount` missing, repeated or not a plain non-negative decimal, `locale` repeated or not a well-formed BCP 47 tag, or an id that is not a UUID. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The store has no such payment method (an unknown id, or a method of another store). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    explainEligibility: {
        parameters: {
            query: {
                /** @description Purchase amount, as in group retrieval. */
                amount: string;
                /** @description Campaign keyword of a session. */
                campaign?: string;
                /** @description NATURAL (consumers, B2C) or LEGAL (businesses, B2B). */
                customerType?: "NATURAL" | "LEGAL";
                /** @description As in group retrieval. */
                flattened?: boolean;
                /** @description The language of the answer's texts as a BCP 47 tag (at most 35 characters): `sv`, `nb` (also `no`, `nn`), `da`, `fi` or `en` by its primary subtag; a tag of another language, or none, gets the store's language. The answer's `Content-Language` names the language used. */
                locale?: string;
                /** @description A session of this store: its campaign, its order's rules and its locale are used (docs/session-api.md#order-rules). Not together with `campaign`. */
                session?: string;
            };
            header?: never;
            path: {
                /** @description The store's id (UUID). */
                store_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verdict for every method, and the resulting groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EligibilityExplanation"];
                };
            };
            /** @description `amount` missing, a parameter given more than once, or `campaign` beside `session`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No valid access token: none sent, malformed, bad signature, expired, or wrong issuer, audience or type. `WWW-Authenticate: Bearer …` carries `error="invalid_token"` when a token was sent. */
            401: {
                headers: {
                    /** @description RFC 6750 challenge, e.g. `Bearer realm="payment-methods", error="invalid_token"`. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The token is valid but lacks the required scope, or its client is not granted the store. An unknown store is 403 too, so that other merchants' store ids cannot be probed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description `session` names no session of this store (unknown, malformed, purged, or of another store). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A parameter is present but invalid (as in group retrieval). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests: the rate limit of this client (or, without one, of this address) for the current minute is used up. Retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description Seconds until the limit resets. */
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Unexpected server error; the message is generic. The service keeps serving. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The database cannot be reached; retry shortly. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    paymentMethodsChanged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id: the same on every attempt and every retry. Deduplicate on it. */
                "webhook-id": string;
                /** @description `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the endpoint's secret after `whsec_`. During the 24 hours after a rotation, two such signatures separated by a space (the new secret's first); one that verifies is enough. */
                "webhook-signature": string;
                /** @description The attempt's time, Unix seconds. Refuse one more than five minutes from your clock (replays). */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentMethodsChangedEvent"];
            };
        };
        responses: {
            /** @description Received: the delivery has succeeded when the status comes within 10 seconds of the connection. Any body is read (up to 64 KiB) and dropped. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused (a signature that does not verify, a timestamp too old): a failed attempt, as any other status (a redirect is never followed), a time-out or a connection error is. It is retried after the delays of WEBHOOK_RETRY_SCHEDULE with the same `webhook-id`; after the last retry, the delivery has failed. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
