// Generated from the API's OpenAPI document by `npm run api-types`; do not edit.
// tests/api/openapi.test.ts fails when it no longer matches the API (ADR 020).

export interface paths {
    "/api/archives/{downloadId}/{partId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A part's zip, for the holder of its signed link (no bearer): exact Content-Length, a strong ETag, and one Range (206) to resume, honoured while If-Range names this archive */
        get: {
            parameters: {
                query: {
                    expires: string;
                    signature: string;
                };
                header?: never;
                path: {
                    downloadId: string;
                    partId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The whole zip (application/zip, an attachment named after the collection) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": string;
                    };
                };
                /** @description The range asked for */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": string;
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/federated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a provider's ID token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FederatedSignInRequest"];
                };
            };
            responses: {
                /** @description Sign in with a provider's ID token */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SignInResult"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (mail, payments) failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/federated/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a sign-in with a provider: a flow to keep and the nonce for the provider */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FederatedStartRequest"];
                };
            };
            responses: {
                /** @description Start a sign-in with a provider: a flow to keep and the nonce for the provider */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FederatedFlow"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a reset code (same answer for any email) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmailRequest"];
                };
            };
            responses: {
                /** @description Mail a reset code (same answer for any email) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/new-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer the newPasswordRequired challenge */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["NewPasswordRequest"];
                };
            };
            responses: {
                /** @description Answer the newPasswordRequired challenge */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SignInResult"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Swap a refresh token for new tokens */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RefreshRequest"];
                };
            };
            responses: {
                /** @description Swap a refresh token for new tokens */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SignInResult"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/resend-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail the sign-up code again (same answer for any email) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmailRequest"];
                };
            };
            responses: {
                /** @description Mail the sign-up code again (same answer for any email) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the mailed code */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ResetPasswordRequest"];
                };
            };
            responses: {
                /** @description Set a new password with the mailed code */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with email or username (and team) and password */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SignInRequest"];
                };
            };
            responses: {
                /** @description Signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PasswordSignInResult"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description notAuthorized (wrong email, username or password), or the newPasswordRequired challenge */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["NewPasswordChallenge"] | components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session of an access token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SignOutRequest"];
                };
            };
            responses: {
                /** @description End the session of an access token */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ok"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign up with email and password; mails a code. An address whose account nobody confirmed is signed up again: this password replaces the earlier one, whose codes and proof stop working */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SignUpRequest"];
                };
            };
            responses: {
                /** @description Sign up with email and password; mails a code. An address whose account nobody confirmed is signed up again: this password replaces the earlier one, whose codes and proof stop working */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SignUpResult"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the email with the mailed code; with the sign-up's proof, sign in too. A stranger has 5 tries per code and 10 a day per account; an address already confirmed answers ok only to its own code */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["VerifyEmailRequest"];
                };
            };
            responses: {
                /** @description Confirm the email with the mailed code; with the sign-up's proof, sign in too. A stranger has 5 tries per code and 10 a day per account; an address already confirmed answers ok only to its own code */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["VerifyEmailResult"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/avatars/{avatarFile}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A avatar image (`<avatarId>.webp`): public, immutable */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    avatarFile: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A 256×256 WebP */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/webp": string;
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The collections the caller may see across all their teams */
        get: {
            parameters: {
                query?: {
                    /** @description Only collections this user created */
                    creator?: string;
                    /** @description refDate at or after (epoch ms) */
                    from?: number | null;
                    /** @description pagination.lastKey of the previous page, unchanged */
                    lastKey?: string;
                    /** @description Collections per page, 1 to 100 */
                    limit?: number;
                    /** @description refDate:desc (newest first, the default) or refDate:asc */
                    sort?: "refDate:desc" | "refDate:asc";
                    /** @description Only collections tagging this user */
                    tagged?: string;
                    /** @description refDate at or before (epoch ms) */
                    to?: number | null;
                    /** @description all, or only collaborative collections */
                    view?: "all" | "collaborative";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of collections */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CollectionList"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/drops/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a link's guest page shows: the team, title, message, state, deadline, limits
         * @description An unknown token, or a link whose collection or creator is gone, is 404. On a link with a PIN the message is null until the guest is in: send their bearer token to have it. Open to anyone who has the link
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The link's token, as in /d/{token} */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The link, as its guests see it */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DropPage"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/drops/{token}/collection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of a drop link's collection as its guests see it, newest first. Open while the link shows guests the collection and is not revoked (dropLinkRevoked); a paused or past-deadline link still shows it. A link that shows guests nothing is notFound. A link with a PIN needs its guest's credential as `Authorization: Bearer <credential>` (authorizationRequired without it) */
        get: {
            parameters: {
                query?: {
                    /** @description nextCursor of the previous page, unchanged */
                    cursor?: string;
                    /** @description Files per page, 1 to 100 */
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description The link's token, as in /d/{token} */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of the gallery */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GalleryPage"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/drops/{token}/collection/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The zip of a drop link's collection: every ready file the gallery shows, made on behalf of the link's creator and counted toward the team owner's traffic; its link needs no credential. Open while the link shows guests the collection and is not revoked (dropLinkRevoked); a paused or past-deadline link still shows it. A link that shows guests nothing is notFound. A link with a PIN needs its guest's credential as `Authorization: Bearer <credential>` (authorizationRequired without it) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The link's token, as in /d/{token} */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The zip was made */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GalleryZip"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/drops/{token}/collection/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One file of a drop link's gallery, with its neighbours and its original's links. Open while the link shows guests the collection and is not revoked (dropLinkRevoked); a paused or past-deadline link still shows it. A link that shows guests nothing is notFound. A link with a PIN needs its guest's credential as `Authorization: Bearer <credential>` (authorizationRequired without it) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    /** @description The link's token, as in /d/{token} */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GalleryFileDetail"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/drops/{token}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a file the guest sends: answers its id and the address to send its bytes to
         * @description The bytes go to uploadUrl as for members' files (one PUT, or tus HEAD and PATCH); each chunk is refused once the link is paused, revoked or past its deadline. Types and sizes are members'. The link's per-guest limits: 403 quotaExceededGuest; the team owner's storage: 403 quotaExceededStorage. A link that takes no files answers dropLinkPaused (409), dropLinkExpired or dropLinkRevoked (410). Limited per client address and per link, generously (guests of one event share its Wi-Fi's address): tooManyRequests
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The link's token, as in /d/{token} */
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["StartUploadRequest"];
                };
            };
            responses: {
                /** @description Upload address issued */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileUpload"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The server's storage is full: try again later */
                507: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/drops/{token}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a file the guest sent, for good, within 60 minutes of sending it
         * @description Later: 403 forbidden (whoever shared the link can still delete it). Another guest's file, or none: 404 fileNotFound
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    /** @description The link's token, as in /d/{token} */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/drops/{token}/guests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Come in through a link: the PIN, name and email it asks for; answers a guest token
         * @description A wrong or missing PIN is 403 wrongPin and nothing more. A link that takes no files answers dropLinkPaused (409), dropLinkExpired or dropLinkRevoked (410). An unknown token, or a link whose collection or creator is gone, is 404. Limited per client address (an IPv6 /64 counts as one) and per link, and PIN tries more tightly (a right PIN is not counted): tooManyRequests with Retry-After
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The link's token, as in /d/{token} */
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GuestEntryRequest"];
                };
            };
            responses: {
                /** @description In: keep the token */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GuestEntry"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/drops/{token}/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The guest: their name, the files they sent through this link, what they may still send
         * @description No guest token, or another link's: 401 authorizationRequired. An unknown token, or a link whose collection or creator is gone, is 404
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The link's token, as in /d/{token} */
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The guest */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DropGuest"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The files the caller may see across all their teams */
        get: {
            parameters: {
                query?: {
                    /** @description Only files this user uploaded */
                    creator?: string;
                    /** @description refDate at or after (epoch ms) */
                    from?: number | null;
                    /** @description pagination.lastKey of the previous page, unchanged */
                    lastKey?: string;
                    /** @description Files per page, 1 to 100 */
                    limit?: number;
                    /** @description refDate:desc (newest first, the default) or refDate:asc */
                    sort?: "refDate:desc" | "refDate:asc";
                    /** @description refDate at or before (epoch ms) */
                    to?: number | null;
                    /** @description guests: only files guests sent through drop links (their uploadedBy is the link's creator) */
                    uploader?: "guests";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of files */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileList"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/logos/{logoFile}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A logo image (`<logoId>.webp`): public, immutable */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    logoFile: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A 256×256 WebP */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/webp": string;
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/stripe/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Starts a Stripe Checkout for a plan; answers the address to send the browser to */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PlanChoice"];
                };
            };
            responses: {
                /** @description Stripe Checkout's address */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PaymentRedirect"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (mail, payments) failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/stripe/portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Opens Stripe's billing portal, to change or cancel the plan paid for */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PlanChoice"];
                };
            };
            responses: {
                /** @description The billing portal's address */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PaymentRedirect"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An upstream service (mail, payments) failed */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/stripe/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stripe's events, signed (Stripe-Signature); each is applied once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Received */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            received: true;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plan catalogue, retired plans included (their badge and status say so) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The plans */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Plans"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the service answers, with a real database round trip
         * @description Public. A bearer token is optional and never refused: a valid one of a team's owner or admin also gets the notes for operators (uploadChunkLimitBytes).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The service and its database answer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Status"];
                    };
                };
                /** @description The database does not answer */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Status"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/status/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: whether a load balancer should send this instance requests
         * @description Fails while the database or the blob store cannot be reached, and from the moment the instance is told to stop (SIGTERM) while it finishes the requests it has.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ready for requests */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Readiness"];
                    };
                };
                /** @description Not ready: a dependency is down, or the instance is draining */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Readiness"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Early-access subscription by email, recording the accepted terms and privacy versions; a confirmation mail carries the unsubscribe link
         * @description An address already on the list gets the same answer and the confirmation mail again, so the answer tells nobody who is subscribed. Limited per client address (an IPv6 /64 counts as one) and per email: `tooManyRequests` with Retry-After.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SubscriptionRequest"];
                };
            };
            responses: {
                /** @description Subscribed (also when it already was) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subscriptions/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leaves the early-access list with the address and token of an unsubscribe link; the address is deleted within 5 days */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UnsubscribeRequest"];
                };
            };
            responses: {
                /** @description Unsubscribed (also when it was not subscribed) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The teams the caller is an active member of, a page at a time */
        get: {
            parameters: {
                query?: {
                    /** @description true: the caller's own deleted teams, each until its teamPurgeAt, which its owner may restore (ADR 094); the live teams otherwise */
                    deleted?: "true" | "false";
                    /** @description Created at or after (epoch ms) */
                    from?: number | null;
                    /** @description pagination.lastKey of the previous page, unchanged */
                    lastKey?: string;
                    /** @description Teams per page, 1 to 100 */
                    limit?: number;
                    /** @description Only names starting with this, in any case */
                    prefix?: string;
                    /** @description By creation time (then id): desc (newest first, the default) or asc */
                    sort?: "asc" | "desc";
                    /** @description Created at or before (epoch ms) */
                    to?: number | null;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of teams */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TeamList"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create a team (global users); the caller becomes its owner */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateTeamRequest"];
                };
            };
            responses: {
                /** @description The new team's id */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatedTeam"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One team, by id or alias */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The team */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Team"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete the team (owner only), its name typed to confirm: it is missing for everyone at once, and purged with everything in it after 30 days unless restored (ADR 094) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DeleteTeamRequest"];
                };
            };
            responses: {
                /** @description Deleted; the purge is scheduled */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeletedTeam"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a team, change its description or mode (JSON Patch; owner and admin) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TeamPatch"];
                    "application/json-patch+json": components["schemas"]["TeamPatch"];
                };
            };
            responses: {
                /** @description The updated team */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Team"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/teams/{teamId}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's activity log, newest first, a page at a time (owner, admin) */
        get: {
            parameters: {
                query?: {
                    /** @description Only what this user did (their userId) */
                    actor?: string;
                    /** @description nextCursor of the previous page, unchanged */
                    cursor?: string;
                    /** @description At or after this ISO date (a day is UTC) or date-time */
                    from?: string;
                    /** @description Only these kinds, comma-separated */
                    kind?: string;
                    /** @description Entries per page, 1 to 100 */
                    limit?: number;
                    /** @description Up to this ISO date, the whole day included, or before this date-time */
                    to?: string;
                };
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of the activity log */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ActivityPage"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/aliases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give the team a new alias (owner only); aliases never change */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateAliasRequest"];
                };
            };
            responses: {
                /** @description The alias, as stored (lowercase) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Alias"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's collections the caller may see, by refDate, a page at a time */
        get: {
            parameters: {
                query?: {
                    /** @description Only collections this user created */
                    creator?: string;
                    /** @description refDate at or after (epoch ms) */
                    from?: number | null;
                    /** @description pagination.lastKey of the previous page, unchanged */
                    lastKey?: string;
                    /** @description Collections per page, 1 to 100 */
                    limit?: number;
                    /** @description refDate:desc (newest first, the default) or refDate:asc */
                    sort?: "refDate:desc" | "refDate:asc";
                    /** @description Only collections tagging this user */
                    tagged?: string;
                    /** @description refDate at or before (epoch ms) */
                    to?: number | null;
                    /** @description all, or only collaborative collections */
                    view?: "all" | "collaborative";
                };
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of collections */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CollectionList"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create a collection (owner, admin; contributors in a collaborative team) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateCollectionRequest"];
                };
            };
            responses: {
                /** @description The new collection */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Collection"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/collections/{collectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One collection; the caller has read it from now on */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The collection */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Collection"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden: the role lacks the cell, or the collection is not one the caller may see (then `creator` says whom to ask) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HiddenCollectionError"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Move a collection and its files to the trash for the team owner's plan's trashRetentionDays (30 unless the plan says) (owner and admin). Uploads into it are refused (collectionInTrash) on their next chunk; its downloads stop (invalidDownload) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description In the trash */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename, describe, tag, share or unshare a collection (JSON Patch) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CollectionPatch"];
                    "application/json-patch+json": components["schemas"]["CollectionPatch"];
                };
            };
            responses: {
                /** @description The updated collection */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Collection"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/teams/{teamId}/collections/{collectionId}/drop-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A collection's drop links, newest first, each with its counts (owner and admin; other roles are forbidden) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The collection's links */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DropLinkList"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden: the role lacks the cell, or the collection is not one the caller may see (then `creator` says whom to ask) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HiddenCollectionError"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Make a drop link to the collection (owner and admin; other roles are forbidden). A collection has at most 50 links: one more is 409 invalidInput */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateDropLinkRequest"];
                };
            };
            responses: {
                /** @description Made */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DropLink"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden: the role lacks the cell, or the collection is not one the caller may see (then `creator` says whom to ask) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HiddenCollectionError"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/collections/{collectionId}/duplicates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Which of the files about to be sent are already in the collection (ADR 102): by SHA-256 when given, else by name and size (byKey: hash those and ask again) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DuplicatesRequest"];
                };
            };
            responses: {
                /** @description The candidates already there */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Duplicates"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/collections/{collectionId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The collection's files the caller may see, by refDate, a page at a time */
        get: {
            parameters: {
                query?: {
                    /** @description Only files this user uploaded */
                    creator?: string;
                    /** @description refDate at or after (epoch ms) */
                    from?: number | null;
                    /** @description collection: the answer holds the collection as GET of the collection answers it, which also marks it read */
                    include?: "collection";
                    /** @description pagination.lastKey of the previous page, unchanged */
                    lastKey?: string;
                    /** @description Files per page, 1 to 100 */
                    limit?: number;
                    /** @description refDate:desc (newest first, the default) or refDate:asc */
                    sort?: "refDate:desc" | "refDate:asc";
                    /** @description refDate at or before (epoch ms) */
                    to?: number | null;
                    /** @description guests: only files guests sent through drop links (their uploadedBy is the link's creator) */
                    uploader?: "guests";
                };
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of files, and the collection if asked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CollectionFileList"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden: the role lacks the cell, or the collection is not one the caller may see (then `creator` says whom to ask) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HiddenCollectionError"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Start a file in the collection: answers its id and the address to send it to */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["StartUploadRequest"];
                };
            };
            responses: {
                /** @description Upload address issued */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileUpload"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The server's storage is full: try again later */
                507: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/collections/{collectionId}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One file; the caller has read it from now on */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    fileId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["File"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Move a file to the trash, where it stays the team owner's plan's trashRetentionDays (30 unless the plan says) with its bytes (owner and admin any file; uploader and upviewer their own, in a collection they may add files to); it is then hidden everywhere else. A file not there, or already in the trash, is 404 fileNotFound */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    fileId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description In the trash */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden: the role lacks the cell, or the collection is not one the caller may see (then `creator` says whom to ask) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HiddenCollectionError"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a file (JSON Patch): update any file, or update own file on one's own */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    fileId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FilePatch"];
                    "application/json-patch+json": components["schemas"]["FilePatch"];
                };
            };
            responses: {
                /** @description The renamed file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["File"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/teams/{teamId}/collections/{collectionId}/files/{fileId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A signed, expiring link to the file's bytes, thumbnail or preview */
        get: {
            parameters: {
                query?: {
                    /** @description attachment (the default) or inline; inline is kept only for raster images and the webp variants, anything else is served as an attachment */
                    disposition?: "attachment" | "inline";
                    /** @description The uploaded bytes (the default), or the webp thumbnail or preview */
                    variant?: "original" | "thumbnail" | "thumbnailLarge" | "preview";
                };
                header?: never;
                path: {
                    collectionId: string;
                    fileId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The link */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileContentLink"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/collections/{collectionId}/files/{fileId}/neighbours": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The files listed just before and after this one under the same filters and sort, as the collection's files list orders them; does not mark the file read */
        get: {
            parameters: {
                query?: {
                    /** @description Only files this user uploaded */
                    creator?: string;
                    /** @description refDate at or after (epoch ms) */
                    from?: number | null;
                    /** @description refDate:desc (newest first, the default) or refDate:asc */
                    sort?: "refDate:desc" | "refDate:asc";
                    /** @description refDate at or before (epoch ms) */
                    to?: number | null;
                    /** @description guests: only files guests sent through drop links (their uploadedBy is the link's creator) */
                    uploader?: "guests";
                };
                header?: never;
                path: {
                    collectionId: string;
                    fileId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The neighbours, and the file's place */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileNeighbours"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/collections/{collectionId}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark the collection and every file of it the caller may see as read, for the caller only (read collection: every role) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Marked read */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden: the role lacks the cell, or the collection is not one the caller may see (then `creator` says whom to ask) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HiddenCollectionError"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/collections/{collectionId}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A collection's guests' files held for review, newest first (owner and admin); their image links work for the caller alone */
        get: {
            parameters: {
                query?: {
                    /** @description pagination.lastKey of the previous page, unchanged */
                    lastKey?: string;
                    /** @description Held files per page, 1 to 100 */
                    limit?: number;
                };
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of held files */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HeldFileList"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Approve held files (they join the collection) or reject them (they go to the trash for the owner's plan's trashRetentionDays) (owner and admin). Ids that are not held files of the collection are skipped */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ReviewDecision"];
                };
            };
            responses: {
                /** @description Decided */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ReviewOutcome"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/collections/{collectionId}/upload-room": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What one more file may take in the collection: its largest size, the room left */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The room for one more file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UploadRoom"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What deleting the team would take with it (owner only) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The team's counts and the purge date */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TeamDeletionSummary"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/downloads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a collection's zip (create download: owner, admin, upviewer, viewer): every ready file of the collection the caller may read, or the ones chosen, newest first */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateDownloadRequest"];
                };
            };
            responses: {
                /** @description The download was asked for */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DownloadCreated"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/downloads/{downloadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's download: its status and parts (invalidDownload if not theirs) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    downloadId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The download */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Download"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/downloads/{downloadId}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A signed link to the download's (first part's) zip */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    downloadId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The link */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DownloadLink"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/downloads/{downloadId}/parts/{partId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One part of the caller's download, with a signed link to its zip */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    downloadId: string;
                    partId: number;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The part */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DownloadPartLink"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/drop-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every drop link of the team, newest first (owner and admin; other roles are forbidden) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The team's links */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DropLinkList"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/drop-links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One drop link, with its counts (owner and admin; other roles are forbidden) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    linkId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The link */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DropLink"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a drop link's settings or status (owner and admin; other roles are forbidden): the fields given change, the others stay. Pausing or revoking stops guests' uploads at their next chunk. A revoked link is final: any change is 409 invalidInput */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    linkId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DropLinkPatch"];
                };
            };
            responses: {
                /** @description Changed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DropLink"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/teams/{teamId}/drop-links/{linkId}/qr.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The QR code of the link's full address (url), as SVG (owner and admin; other roles are forbidden) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    linkId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The QR code */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/svg+xml": string;
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's files the caller may see, across its collections */
        get: {
            parameters: {
                query?: {
                    /** @description Only files this user uploaded */
                    creator?: string;
                    /** @description refDate at or after (epoch ms) */
                    from?: number | null;
                    /** @description pagination.lastKey of the previous page, unchanged */
                    lastKey?: string;
                    /** @description Files per page, 1 to 100 */
                    limit?: number;
                    /** @description refDate:desc (newest first, the default) or refDate:asc */
                    sort?: "refDate:desc" | "refDate:asc";
                    /** @description refDate at or before (epoch ms) */
                    to?: number | null;
                    /** @description guests: only files guests sent through drop links (their uploadedBy is the link's creator) */
                    uploader?: "guests";
                };
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of files */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileList"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation, signed in or as a guest (then with a password)
         * @description The Authorization header is optional. Signed in, the account's email must be the invited one (emailMismatch). A guest is asked to sign in when the email has an account (authorizationRequired), or for a password (newInvitedAccountRequired).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AcceptInvitationRequest"];
                };
            };
            responses: {
                /** @description Joined */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitationAccepted"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A guest must sign in or choose a password */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitationChallenge"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/invitations/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What an invitation is, before answering it (the token is the credential)
         * @description The team's name, who invited, the invited email and the role, for the page a mailed link opens. Changes nothing. A token already answered is invitationAlreadyHandled, an expired one expiredToken. A post, so the token stays out of addresses and logs.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InvitationPreviewRequest"];
                };
            };
            responses: {
                /** @description The invitation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitationPreview"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/invitations/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decline an invitation (the token is the credential) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RejectInvitationRequest"];
                };
            };
            responses: {
                /** @description Declined */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/invitations/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an invitation again with a new link (once every 24 hours)
         * @description Counts against the team's and the sender's invitations of the day (tooManyRequests); a second resend within 24 hours is invitationResendCooldown.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ResendInvitationRequest"];
                };
            };
            responses: {
                /** @description The invited member */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Member"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description cannotSendInvitationEmail (member in the body) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"] & {
                            member: components["schemas"]["Member"];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/logos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a new team logo: an upload address for contentType, or a fetch of remoteUrl */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateLogoRequest"];
                };
            };
            responses: {
                /** @description Upload address issued (contentType) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LogoUpload"];
                    };
                };
                /** @description The link is being fetched (remoteUrl) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LogoUpload"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/logos/{logoId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A logo's status, polled until ready or error */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    logoId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The logo's status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LogoStatus"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's members by nickname, a page at a time */
        get: {
            parameters: {
                query?: {
                    /** @description pagination.lastKey of the page before */
                    lastKey?: string;
                    /** @description Members per page, at most 100 */
                    limit?: number;
                    /** @description Only nicknames starting with this (any case) */
                    prefix?: string;
                };
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of members */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MemberList"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Invite an email, or create an internal member (owner, admin)
         * @description Invitations (and resends) are limited per team (50 a day) and per sender (100 a day), whatever the plan: beyond, tooManyRequests with Retry-After.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["InviteMemberRequest"] | components["schemas"]["CreateInternalMemberRequest"];
                };
            };
            responses: {
                /** @description The invited Member, or an internal member and its credentials */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Member"] | components["schemas"]["InternalMemberCreated"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description cannotSendInvitationEmail: the member was added, the mail failed (member in the body) */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"] & {
                            member: components["schemas"]["Member"];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One member, with username and (for self and managers) email */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                    /** @description The member's userId as the member list gives it: EMAIL#<address> or INVITED#<code> for an invitation, percent-encoded */
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The member */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MemberDetail"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Remove a member (owner only); an internal member's account goes too */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                    /** @description The member's userId as the member list gives it: EMAIL#<address> or INVITED#<code> for an invitation, percent-encoded */
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a member's role, nickname or status (JSON Patch)
         * @description /status: disabled (deactivate), banned (ban, owner and admin on anyone but the owner and themselves: every call of theirs into the team is refused at once, links they were given stop, their tags on collections go, their files stay, and the address cannot be invited again until reactivated: memberBanned) or active (reactivate a disabled or banned member). ADR 095.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                    /** @description The member's userId as the member list gives it: EMAIL#<address> or INVITED#<code> for an invitation, percent-encoded */
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["MemberPatch"];
                    "application/json-patch+json": components["schemas"]["MemberPatch"];
                };
            };
            responses: {
                /** @description The updated member */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Member"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/teams/{teamId}/members/{userId}/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The collections one member created (that the caller may see) */
        get: {
            parameters: {
                query?: {
                    /** @description Only collections this user created */
                    creator?: string;
                    /** @description refDate at or after (epoch ms) */
                    from?: number | null;
                    /** @description pagination.lastKey of the previous page, unchanged */
                    lastKey?: string;
                    /** @description Collections per page, 1 to 100 */
                    limit?: number;
                    /** @description refDate:desc (newest first, the default) or refDate:asc */
                    sort?: "refDate:desc" | "refDate:asc";
                    /** @description Only collections tagging this user */
                    tagged?: string;
                    /** @description refDate at or before (epoch ms) */
                    to?: number | null;
                    /** @description all, or only collaborative collections */
                    view?: "all" | "collaborative";
                };
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                    /** @description The member's userId as the member list gives it: EMAIL#<address> or INVITED#<code> for an invitation, percent-encoded */
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of collections */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CollectionList"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/members/{userId}/new-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New credentials for an internal member; their sessions end */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                    /** @description The member's userId as the member list gives it: EMAIL#<address> or INVITED#<code> for an invitation, percent-encoded */
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The credentials */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            credentials: components["schemas"]["InternalMemberCredentials"];
                        };
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/members/@me/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave the team (any member but the owner and internal members)
         * @description The caller's membership becomes left: every later call into the team is refused (notFound), their files and collections stay, and their tags on collections go. The owner is refused with ownerCannotLeave (hand the team over first: POST …/owner). The address may be invited again. ADR 095.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Left */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hand the team over to another active admin (owner only)
         * @description The admin becomes owner (the team's ownerId and their role) and the owner becomes admin. The team's limits follow its owner: when the new owner's plan cannot hold the team, the plan's quota code (quotaExceededTeams, quotaExceededStorage, quotaExceededMembers, quotaExceededAliases). Self is invalidInput (400); a member who is not an active admin, or a transfer that lost a race, invalidInput with 409. ADR 095.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TransferOwnershipRequest"];
                };
            };
            responses: {
                /** @description The new owner */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Member"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a deleted team before its purge (its owner only; anyone else: notFound), everything as it was */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The deleted team's id */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Restored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RestoredTeam"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/shared-collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's collaborative collections */
        get: {
            parameters: {
                query?: {
                    /** @description Only collections this user created */
                    creator?: string;
                    /** @description refDate at or after (epoch ms) */
                    from?: number | null;
                    /** @description pagination.lastKey of the previous page, unchanged */
                    lastKey?: string;
                    /** @description Collections per page, 1 to 100 */
                    limit?: number;
                    /** @description refDate:desc (newest first, the default) or refDate:asc */
                    sort?: "refDate:desc" | "refDate:asc";
                    /** @description Only collections tagging this user */
                    tagged?: string;
                    /** @description refDate at or before (epoch ms) */
                    to?: number | null;
                    /** @description all, or only collaborative collections */
                    view?: "all" | "collaborative";
                };
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of collections */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CollectionList"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/trash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team's trash, newest deletion first: all of it for the owner and admins, their own files for uploaders and upviewers; a viewer is forbidden */
        get: {
            parameters: {
                query?: {
                    /** @description nextCursor of the previous page, unchanged */
                    cursor?: string;
                    /** @description Items per page, 1 to 100 */
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of the trash */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TrashPage"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Empty the trash (owner and admin): its items leave at once, their bytes are removed in the background */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Emptied; the bytes are being removed */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmptiedTrash"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/trash/collections/{collectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a trashed collection forever, with its files (owner and admin) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted forever */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/trash/collections/{collectionId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bring a collection back with its files, but those trashed on their own before (owner and admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    collectionId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Restored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RestoredCollection"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/trash/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a trashed file forever (owner and admin) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted forever */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teams/{teamId}/trash/files/{fileId}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bring a file back to its collection (who may delete it may restore it). Its collection in the trash too: 409 collectionInTrash. Never refused for storage: trashed bytes still count toward it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    fileId: string;
                    /** @description The team's id or one of its aliases */
                    teamId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Restored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RestoredFile"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** tus creation: Upload-Length, and Upload-Metadata with teamId, collectionId, filename, filetype. 201 with Location (the signed upload address) and File-Id */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Created; PATCH the bytes to Location */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/uploads/{uploadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The uploadUrl: the file's whole body (no bearer token; the address is signed) */
        put: {
            parameters: {
                query?: {
                    expires?: string;
                    signature?: string;
                };
                header?: never;
                path: {
                    uploadId: string;
                };
                cookie?: never;
            };
            /** @description Exactly the bytes declared, streamed */
            requestBody: {
                content: {
                    "application/octet-stream": string;
                };
            };
            responses: {
                /** @description Received; the file is being processed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["FileUploadReceived"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The server's storage is full: try again later */
                507: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** tus: bytes from Upload-Offset (HEAD tells the offset); the address is signed */
        patch: {
            parameters: {
                query?: {
                    expires?: string;
                    signature?: string;
                };
                header?: {
                    /** @description Bytes per PATCH a client stepped down to after a proxy refused larger bodies with 413: the API tells the operator (log, /status). Optional */
                    "upload-chunk-reduced"?: string;
                };
                path: {
                    uploadId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Received; Upload-Offset is the new offset */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/uploads/avatars/{avatarId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The uploadUrl: send the image's bytes (no bearer token; the address is signed) */
        put: {
            parameters: {
                query?: {
                    expires?: string;
                    signature?: string;
                };
                header?: never;
                path: {
                    avatarId: string;
                };
                cookie?: never;
            };
            /** @description The image, at most 3145728 bytes, of the type announced */
            requestBody: {
                content: {
                    "image/avif": string;
                    "image/gif": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            responses: {
                /** @description Received; poll the status */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AvatarStatus"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/uploads/logos/{logoId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The uploadUrl: send the image's bytes (no bearer token; the address is signed) */
        put: {
            parameters: {
                query?: {
                    expires?: string;
                    signature?: string;
                };
                header?: never;
                path: {
                    logoId: string;
                };
                cookie?: never;
            };
            /** @description The image, at most 3145728 bytes, of the type announced */
            requestBody: {
                content: {
                    "image/avif": string;
                    "image/gif": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            responses: {
                /** @description Received; poll the status */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LogoStatus"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The user */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change first name, last name, nickname or preferred name (JSON Patch) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProfilePatch"];
                    "application/json-patch+json": components["schemas"]["ProfilePatch"];
                };
            };
            responses: {
                /** @description The updated user */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/users/@me/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove the user's avatar */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The user, without an avatar */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me/avatars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a new avatar: an upload address for contentType, or a fetch of remoteUrl */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateAvatarRequest"];
                };
            };
            responses: {
                /** @description Upload address issued (contentType) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AvatarUpload"];
                    };
                };
                /** @description The link is being fetched (remoteUrl) */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AvatarUpload"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me/avatars/{avatarId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An avatar's status, polled until ready or error */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    avatarId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The avatar's status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AvatarStatus"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me/deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete the signed-in account, confirmed by its password (or its email address)
         * @description Refused while the account owns a team (accountOwnsTeams, with `teams`), pays a subscription (accountHasSubscription), or is an internal member's (forbidden). A wrong password is wrongPassword, a wrong email emailMismatch; tries count against the same rate limit as changing the password. Memberships and sessions end; uploaded files and created collections stay with their teams. The address is told by mail.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DeleteAccountRequest"];
                };
            };
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask to change the email, naming the password; a code is mailed to the new address
         * @description Nothing changes until the code is confirmed (POST /users/@me/email/confirmation). A wrong password is wrongPassword (400); an address that has an account (this one's too) is userAlreadyExists (409); an account that signs in through a provider is cannotChangeEmail (403), an internal member's forbidden (403). Each ask counts against the current-password and the change-email rate limits (tooManyRequests). A new ask replaces the code of the last one.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmailChangeRequest"];
                };
            };
            responses: {
                /** @description A code was mailed to the new address */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me/email/confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the new email with its code; every other session ends, this one stays
         * @description A wrong code is wrongVerificationCode, a spent or expired one expiredVerificationCode (5 tries per code, 24 hours). An address that got an account meanwhile is userAlreadyExists. The old address is told by mail, naming the new one. Tries count against the verify-email rate limit.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmailChangeConfirmation"];
                };
            };
            responses: {
                /** @description The email changed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EmailChanged"];
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Gone: expired or already used */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password, naming the current one; every other session ends, this one stays
         * @description A wrong current password is wrongPassword (400); an account without a password (it signs in through a provider) is cannotChangePassword (403). Tries are rate-limited per address and per account (tooManyRequests). The account's address is told by mail.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ChangePasswordRequest"];
                };
            };
            responses: {
                /** @description Changed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Forbidden */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Body too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported content type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's plan and its limits */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The plan */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Plan"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign out everywhere: end every session of the account, on every device
         * @description Every session's access tokens stop working at once and its refresh tokens are refused (notAuthorized). With keep=current the session asking stays signed in and only the others end (sign out of other devices).
         */
        delete: {
            parameters: {
                query?: {
                    /** @description current: the session asking stays signed in */
                    keep?: "current";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Invalid input */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/@me/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the caller's plan has used: storage, and download traffic in its period */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The usage */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Usage"];
                    };
                };
                /** @description Authorization required */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AcceptInvitationRequest: {
            /**
             * @description With the password: the account is made, so the consent is needed (ADR 096)
             * @enum {boolean}
             */
            ageConfirmed?: true;
            /** @description For a guest without an account, after newInvitedAccountRequired */
            password?: string;
            /** @description The privacy policy's version accepted (its date) */
            privacyVersion?: string;
            /** @description The terms' version accepted (its date) */
            termsVersion?: string;
            /** @description The key of the mailed link */
            token: string;
        };
        ActivityItem: {
            activityId: string;
            /** @description Null when the system acted (billing, a purge) or a guest */
            actor: {
                /** @description The actor's nickname in the team when it acted */
                nickname: string | null;
                userId: string;
            } | null;
            /** @description When (epoch ms) */
            at: number;
            /** @description What else the kind carries: a rename's `from`; a role or plan change's `from` and `to`; an invitation's `email` and `role` */
            detail: {
                [key: string]: string | number | boolean | null;
            };
            /** @enum {string} */
            kind: "fileUploaded" | "fileRenamed" | "fileDeleted" | "fileRestored" | "filePurged" | "fileSentByGuest" | "fileApproved" | "fileRejected" | "fileWithdrawnByGuest" | "collectionCreated" | "collectionRenamed" | "collectionShared" | "collectionUnshared" | "collectionDescribed" | "collectionTagged" | "collectionDownloaded" | "collectionDeleted" | "collectionRestored" | "collectionPurged" | "teamCreated" | "teamRenamed" | "teamDescribed" | "teamModeChanged" | "teamLogoChanged" | "teamAliasAdded" | "teamAliasStarred" | "teamPlanChanged" | "teamOwnershipTransferred" | "teamDeleted" | "teamRestored" | "trashEmptied" | "memberInvited" | "memberInvitationResent" | "memberAdded" | "memberAccepted" | "memberRejected" | "memberRoleChanged" | "memberRenamed" | "memberDisabled" | "memberReactivated" | "memberBanned" | "memberLeft" | "memberRemoved" | "dropLinkCreated" | "dropLinkChanged" | "dropLinkPaused" | "dropLinkResumed" | "dropLinkRevoked";
            target: {
                id: string;
                /** @description Its name when it happened */
                name: string | null;
                /** @enum {string} */
                type: "file" | "collection" | "team" | "member" | "alias" | "dropLink";
            };
        };
        ActivityPage: {
            items: components["schemas"]["ActivityItem"][];
            /** @description Null on the last page */
            nextCursor: string | null;
        };
        Alias: {
            alias: string;
        };
        AvatarStatus: {
            avatarId: string;
            /** @description The avatar image as a path on this API (/api/avatars/<id>.webp): resolve it against the address the API was reached at; only when ready */
            avatarUrl?: string;
            /** @description When error: invalidUserAvatar (not an accepted image, too large, a refused link), expiredToken (nothing was uploaded in time) or generic */
            errorCode?: string;
            message?: string;
            /**
             * @description Poll every second while processing
             * @enum {string}
             */
            status: "processing" | "ready" | "error";
        };
        AvatarUpload: {
            avatarId: string;
            /** @description For contentType: PUT the image's bytes here, once, within 15 minutes, without a bearer token. Null for remoteUrl. */
            uploadUrl: string | null;
        };
        ChangePasswordRequest: {
            /** @description The password used now */
            currentPassword: string;
            newPassword: string;
        };
        Collection: {
            collectionId: string;
            /** @description The creator's user id */
            createdBy: string;
            /** @description The creator as a member of the team; null once removed */
            creator: {
                /** @description The avatar image as a path on this API (/api/avatars/<id>.webp): resolve it against the address the API was reached at; null when there is none */
                avatarUrl: string | null;
                nickname: string;
                userId: string;
            } | null;
            description: string | null;
            filesCount: number;
            /** @description Guests' files held for review (ADR 099), counted for the owner and admins, who review them; 0 for everyone else */
            heldFiles: number;
            /** @enum {string} */
            mode: "owned" | "collaborative";
            name: string;
            /** @description When the caller last opened it (epoch ms); null if never */
            readAt: number | null;
            /** @description What lists sort by (epoch ms) */
            refDate: number;
            /** @enum {string} */
            status: "draft" | "published";
            /** @description User ids of the tagged members */
            tags: string[];
            teamId: string;
            /** @description Epoch ms of the last update */
            updatedAt: number;
        };
        CollectionFileList: {
            collection?: components["schemas"]["Collection"] & unknown;
            files: components["schemas"]["File"][];
            pagination: {
                /** @description Null on the last page */
                lastKey: string | null;
            };
        };
        CollectionList: {
            collections: components["schemas"]["Collection"][];
            pagination: {
                /** @description Null on the last page */
                lastKey: string | null;
            };
        };
        /** @description JSON Patch: replace on /name, /description, /mode (owned or collaborative: share or unshare) or /tags (user ids of active members); remove on /description */
        CollectionPatch: components["schemas"]["CollectionPatchOperation"][];
        CollectionPatchOperation: {
            /** @enum {string} */
            op: "replace" | "remove";
            /** @enum {string} */
            path: "/name" | "/description" | "/mode" | "/tags";
            value?: string | string[] | null;
        };
        CreateAliasRequest: {
            /** @description 3 to 30 lowercase letters, digits and hyphens, no hyphen at either end */
            alias: string;
            /** @description Make it the favourite alias (the default; a first alias always is) */
            star?: boolean;
        };
        /** @description contentType (an upload) or remoteUrl (a link) */
        CreateAvatarRequest: {
            /**
             * @description The type of the image that will be PUT to uploadUrl; the bytes must be of it
             * @enum {string}
             */
            contentType?: "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "image/avif";
            /**
             * @description An https link to an image, fetched by the server
             * @example https://example.com/me.jpg
             */
            remoteUrl?: string;
        };
        CreateCollectionRequest: {
            /** @description At most 250; blank is none */
            description?: string;
            /**
             * @description owned when absent; collaborative needs update any collection
             * @enum {string}
             */
            mode?: "owned" | "collaborative";
            /** @description 2 to 50 characters, trimmed */
            name: string;
        };
        CreateDownloadRequest: {
            collectionId: string;
            /** @description Only these files of the collection (1 to 1000; a repeated id counts once). Each must be a ready file of the collection that the caller may read, otherwise notFound. Absent: every ready file the caller may read */
            fileIds?: string[];
            /** @description A folder inside the archive that holds every file, e.g. the collection's name; cleaned like the entries' names. Absent or blank: the files are at the archive's root */
            filesPrefix?: string;
        };
        CreateDropLinkRequest: {
            /** @description The guest page offers an email field */
            askEmail?: boolean;
            /**
             * @description Whether the guest page asks for a name: off, optional (the default), required
             * @enum {string}
             */
            askName?: "off" | "optional" | "required";
            /** @description No uploads from then on (epoch ms, in the future when set); null: no deadline */
            deadlineAt?: number | null;
            /** @description Bytes each guest may send, at least 1 MiB; null: no limit but the plan's */
            guestMaxBytes?: number | null;
            /** @description Files each guest may send, 1 to 100000; null: no limit but the plan's */
            guestMaxFiles?: number | null;
            /**
             * @description nothing (the default): only their own files; collection: the collection, read-only
             * @enum {string}
             */
            guestsSee?: "nothing" | "collection";
            /** @description Guests' files wait for an owner's or admin's review before others see them */
            holdForReview?: boolean;
            /** @description What the guest page says, at most 1000 characters; blank or null is none */
            message?: string | null;
            /** @description 4 to 8 digits guests must type; null removes it. Never answered back: see hasPin */
            pin?: string | null;
            /** @description The IANA time zone the deadline is shown in (Europe/Rome); UTC when absent */
            timeZone?: string;
            /** @description 1 to 100 characters, trimmed */
            title: string;
        };
        CreatedTeam: {
            teamId: string;
        };
        CreateInternalMemberRequest: {
            /**
             * @default en
             * @enum {string}
             */
            locale: "en" | "it";
            /**
             * @description Internal members are always uploader
             * @enum {string}
             */
            role?: "uploader";
            username: string;
        };
        /** @description contentType (an upload) or remoteUrl (a link) */
        CreateLogoRequest: {
            /**
             * @description The type of the image that will be PUT to uploadUrl; the bytes must be of it
             * @enum {string}
             */
            contentType?: "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "image/avif";
            /**
             * @description An https link to an image, fetched by the server
             * @example https://example.com/me.jpg
             */
            remoteUrl?: string;
        };
        CreateTeamRequest: {
            description?: string;
            /**
             * @description collaborative when absent
             * @enum {string}
             */
            mode?: "collaborative" | "controlled";
            name: string;
            /** @description The creator's nickname in the team; their own when absent */
            nickname?: string;
        };
        DeleteAccountRequest: {
            /** @description For an account without a password (hasPassword false): its email address */
            email?: string;
            /** @description The account's password; required when the account has one */
            password?: string;
        };
        DeletedTeam: {
            /** @description Epoch ms */
            deletedAt: number;
            /** @description Epoch ms: until then its owner may restore it; then it is gone for good */
            purgeAt: number;
            teamId: string;
        };
        DeleteTeamRequest: {
            /** @description The team's name, typed to confirm: compared trimmed and case-sensitively; another answers teamNameMismatch */
            name: string;
        };
        Download: {
            collectionId: string;
            createdAt: number;
            /** @description After this the download is gone */
            expiresAt: number;
            /** @description The archive's name without .zip: the collection's name when it was asked for */
            name: string;
            parts: components["schemas"]["DownloadPart"][];
            requestId: string;
            /**
             * @description ready as soon as the request is answered: the entries are fixed then
             * @enum {string}
             */
            status: "ready" | "failed";
            /** @description Collections larger than one part (about 4 GiB) come as several zips */
            totalParts: number;
        };
        DownloadCreated: {
            requestId: string;
        };
        DownloadLink: {
            totalParts: number;
            /** @description A GET link to the part's zip, valid 6 hours (never past the download's expiry), no bearer needed; served with its exact Content-Length, an ETag and Range support to resume. Always a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket. The first part's */
            url: string;
        };
        DownloadPart: {
            fileCount: number;
            partId: number;
            /** @description The part's archive, in bytes, exactly */
            size: number;
        };
        DownloadPartLink: components["schemas"]["DownloadPart"] & {
            /** @description A GET link to the part's zip, valid 6 hours (never past the download's expiry), no bearer needed; served with its exact Content-Length, an ETag and Range support to resume. Always a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            url: string;
        };
        DropGuest: {
            /** @description Bytes they may still send; null: no limit of the link's own */
            bytesLeft: number | null;
            /** @description What they sent here, newest first */
            files: components["schemas"]["GuestFile"][];
            /** @description Files they may still send; null: no limit of the link's own */
            filesLeft: number | null;
            guestId: string;
            name: string | null;
        };
        DropLink: {
            askEmail: boolean;
            /** @enum {string} */
            askName: "off" | "optional" | "required";
            collectionId: string;
            collectionName: string;
            /** @description What came through the link; files in the trash are not counted */
            counts: {
                bytes: number;
                /** @description Files sent, processed or being processed */
                files: number;
                guests: number;
                /** @description Of those, files waiting for review */
                held: number;
            };
            createdAt: number;
            /** @description Who made it; null once they left the team */
            createdBy: {
                nickname: string;
                userId: string;
            } | null;
            deadlineAt: number | null;
            guestMaxBytes: number | null;
            guestMaxFiles: number | null;
            /** @enum {string} */
            guestsSee: "nothing" | "collection";
            hasPin: boolean;
            holdForReview: boolean;
            linkId: string;
            message: string | null;
            /**
             * @description What a guest meets now: only an open link takes files
             * @enum {string}
             */
            state: "open" | "paused" | "revoked" | "expired";
            /** @enum {string} */
            status: "active" | "paused" | "revoked";
            timeZone: string;
            title: string;
            updatedAt: number;
            /** @description The link's full address: what its QR code holds */
            url: string;
        };
        DropLinkList: {
            /** @description Newest first */
            links: components["schemas"]["DropLink"][];
        };
        DropLinkPatch: {
            /** @description The guest page offers an email field */
            askEmail?: boolean;
            /**
             * @description Whether the guest page asks for a name: off, optional (the default), required
             * @enum {string}
             */
            askName?: "off" | "optional" | "required";
            /** @description No uploads from then on (epoch ms, in the future when set); null: no deadline */
            deadlineAt?: number | null;
            /** @description Bytes each guest may send, at least 1 MiB; null: no limit but the plan's */
            guestMaxBytes?: number | null;
            /** @description Files each guest may send, 1 to 100000; null: no limit but the plan's */
            guestMaxFiles?: number | null;
            /**
             * @description nothing (the default): only their own files; collection: the collection, read-only
             * @enum {string}
             */
            guestsSee?: "nothing" | "collection";
            /** @description Guests' files wait for an owner's or admin's review before others see them */
            holdForReview?: boolean;
            /** @description What the guest page says, at most 1000 characters; blank or null is none */
            message?: string | null;
            /** @description 4 to 8 digits guests must type; null removes it. Never answered back: see hasPin */
            pin?: string | null;
            /**
             * @description active (open), paused (guests' uploads stop at their next chunk) or revoked (final)
             * @enum {string}
             */
            status?: "active" | "paused" | "revoked";
            /** @description The IANA time zone the deadline is shown in (Europe/Rome); UTC when absent */
            timeZone?: string;
            /** @description 1 to 100 characters, trimmed */
            title?: string;
        };
        DropPage: {
            /** @description Whether entering offers an (optional) email */
            askEmail: boolean;
            /**
             * @description Whether entering asks for a name: off, optional or required
             * @enum {string}
             */
            askName: "off" | "optional" | "required";
            /** @description Epoch ms; null: none */
            deadlineAt: number | null;
            /** @enum {string} */
            guestsSee: "nothing" | "collection";
            /** @description Guests' files wait for an owner's or admin's review before others see them */
            holdsForReview: boolean;
            limits: {
                /** @description The largest single file */
                fileMaxBytes: number;
                /** @description Bytes each guest may send; null: no limit of the link's own */
                guestMaxBytes: number | null;
                /** @description Files each guest may send; null: no limit of the link's own */
                guestMaxFiles: number | null;
            };
            /** @description Null when there is none, and, on a link with a PIN, until the guest is in */
            message: string | null;
            needsPin: boolean;
            /**
             * @description Only an open link takes files
             * @enum {string}
             */
            state: "open" | "paused" | "revoked" | "expired";
            team: {
                /** @description The team's logo as a path on this API (/api/logos/<id>.webp): resolve it against the address the API was reached at; null when there is none */
                logoUrl: string | null;
                name: string;
            };
            /** @description The IANA time zone to show the deadline in */
            timeZone: string;
            title: string;
        };
        DuplicateCandidate: {
            /** @description The client's own name for this candidate, echoed in its match */
            key: string;
            /** @description When it was last changed on the device (epoch ms); not matched */
            lastModified?: number;
            /** @description The file's name on the device */
            name: string;
            /** @description The SHA-256 of its bytes in hex: given, only a file with the same one matches */
            sha256?: string;
            /** @description Its size in bytes */
            size: number;
        };
        DuplicateMatch: {
            /** @description true: only the name and size agree (no sha256 was given): hash the file and ask again with it to be sure. false: the SHA-256 agrees */
            byKey: boolean;
            /** @description The file already in the collection */
            fileId: string;
            /** @description Present for a file a guest sent through a drop link: the name they gave, null if none */
            guestName?: string | null;
            /** @description The candidate's key */
            key: string;
            /** @description That file's current name */
            name: string;
            /** @description When the photo was taken (epoch ms), from its EXIF; null if unknown */
            takenAt: number | null;
            /** @description Epoch ms of its upload */
            uploadedAt: number;
            /** @description Who uploaded it, as a member of the team (a guest's file: the link's creator); null once removed */
            uploadedBy: {
                nickname: string;
                userId: string;
            } | null;
        };
        Duplicates: {
            /** @description One for each candidate already there (the earliest such file); none for the rest */
            matches: components["schemas"]["DuplicateMatch"][];
        };
        DuplicatesRequest: {
            files: components["schemas"]["DuplicateCandidate"][];
        };
        EmailChangeConfirmation: {
            /** @description The six-digit code mailed to the new address */
            code: string;
        };
        EmailChanged: {
            /** @description The account's address now */
            email: string;
        };
        EmailChangeRequest: {
            /** @description The password used now */
            currentPassword: string;
            /** @description The address to change to */
            newEmail: string;
        };
        EmailRequest: {
            email: string;
        };
        EmptiedTrash: {
            /** @description How many items left the trash */
            items: number;
        };
        Error: {
            errorCode: string;
            message: string;
            statusCode: number;
        };
        FederatedFlow: {
            /** @description Epoch ms */
            expiresAt: number;
            /** @description A secret for the web app's sealed session */
            flow: string;
            /** @description The nonce to send the provider */
            nonce: string;
        };
        /** @description The consent fields are needed when the identity has no account yet: without them the call is invalidInput and no account is made (ADR 096) */
        FederatedSignInRequest: {
            /**
             * @description The person confirmed they are 16 or older; an account is not made without it
             * @enum {boolean}
             */
            ageConfirmed?: true;
            /** @description The flow POST /auth/federated/start gave, kept by the web app: the ID token's nonce must be its nonce, and it signs in once (ADR 086) */
            flow: string;
            idToken: string;
            /** @description The privacy policy's version accepted (its date) */
            privacyVersion?: string;
            /** @enum {string} */
            provider: "google" | "apple" | "linkedin" | "oidc";
            /** @description The terms' version accepted (its date) */
            termsVersion?: string;
        };
        FederatedStartRequest: {
            /** @enum {string} */
            provider: "google" | "apple" | "linkedin" | "oidc";
        };
        File: {
            /** @description The camera as the photo's EXIF names it; null when it does not */
            camera: {
                make: string | null;
                model: string | null;
            } | null;
            collectionId: string;
            /** @description Sniffed from the bytes */
            contentType: string;
            /** @description Epoch ms of the upload */
            createdAt: number;
            /** @description A video's length in milliseconds; null for anything else */
            durationMs: number | null;
            fileId: string;
            guest: components["schemas"]["GuestAttribution"];
            /** @description An image's or video's height in pixels, upright; a PDF's first page's in points (1/72 inch), as shown; null when unknown */
            height: number | null;
            /** @description A Live Photo's motion: the short film sent with this photo, which its preview plays; null for anything else. Lists show the photo alone. */
            motion: {
                durationMs: number;
                /** @description The film's own file: read and download it */
                fileId: string;
            } | null;
            /** @description For a Live Photo's film: the photo it moves, which lists show in its place */
            motionOf: string | null;
            /** @description The current name: 2 to 50 characters */
            name: string;
            /**
             * @description Why previewStatus is none; null otherwise
             * @enum {string|null}
             */
            noPreviewReason: "unsupportedType" | "damagedFile" | "decoderMissing" | "tooLarge" | "processingFailed" | null;
            /** @description The name it was uploaded with; renames leave it */
            originalName: string;
            /**
             * @description pending while the file is processed; ready when it has a thumbnail and preview; none when it will have neither, with noPreviewReason saying why
             * @enum {string}
             */
            previewStatus: "pending" | "ready" | "none";
            /** @description Signed inline link to a webp about 1600 px (a video's poster frame), valid 1 hour; null when none. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            previewUrl: string | null;
            /** @description When the caller last opened it (epoch ms); null if never or before updatedAt */
            readAt: number | null;
            /** @description What lists sort by (epoch ms): takenAt when there is one, else createdAt */
            refDate: number;
            /** @description The SHA-256 of its bytes in lowercase hex, once processing has read them; null before, and for files stored before it was recorded (ADR 102) */
            sha256: string | null;
            /** @description Bytes */
            size: number;
            /**
             * @description Lists and reads show only processing (thumbnails pending) and ready files
             * @enum {string}
             */
            status: "uploading" | "processing" | "ready" | "failed";
            /** @description When the photo was taken (epoch ms), from its EXIF; null when the file does not say. A date without a zone in the EXIF is read as UTC */
            takenAt: number | null;
            teamId: string;
            /** @description Signed inline link to a 320 px square webp, valid 1 hour; null when there is none. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            thumbnailLargeUrl: string | null;
            /** @description Signed inline link to a 70 px square webp, valid 1 hour; null when there is none. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            thumbnailUrl: string | null;
            /** @description Epoch ms of the last update */
            updatedAt: number;
            /** @description The uploader's user id */
            uploadedBy: string;
            /** @description The uploader as a member of the team; null once removed */
            uploader: {
                /** @description The avatar image as a path on this API (/api/avatars/<id>.webp): resolve it against the address the API was reached at; null when there is none */
                avatarUrl: string | null;
                nickname: string;
                userId: string;
            } | null;
            /** @description An image's or video's width in pixels, upright; a PDF's first page's in points (1/72 inch), as shown; null when unknown */
            width: number | null;
        };
        FileContentLink: {
            /** @description A GET link valid 5 minutes, no bearer needed; served with Content-Disposition, nosniff, Content-Security-Policy sandbox and Range support. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            signedUrl: string;
        };
        FileList: {
            files: components["schemas"]["File"][];
            pagination: {
                /** @description Null on the last page */
                lastKey: string | null;
            };
        };
        FileNeighbours: {
            /** @description The file listed just after this one; null for the last */
            nextId: string | null;
            /** @description The next file's previewUrl, as its File answers it (to load it ahead); null when it has none. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            nextPreviewUrl: string | null;
            /** @description This file's place in the list, from 1; null when the filters leave it out of the list */
            position: number | null;
            /** @description The file listed just before this one; null for the first */
            previousId: string | null;
            /** @description The previous file's previewUrl, as its File answers it; null when it has none. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            previousPreviewUrl: string | null;
            /** @description How many files the list holds */
            total: number;
        };
        /** @description JSON Patch: replace on /name (trimmed; 2 to 50 characters before the extension). The file keeps its original name's extension: a name that does not end with it gets it added */
        FilePatch: components["schemas"]["FilePatchOperation"][];
        FilePatchOperation: {
            /** @enum {string} */
            op: "replace";
            /** @enum {string} */
            path: "/name";
            value: string;
        };
        FileUpload: {
            fileId: string;
            /** @description Send the bytes here within 24 hours, without a bearer token: one PUT of the whole body, or tus 1.0 (HEAD for the offset, PATCH from it) to resume */
            uploadUrl: string;
        };
        FileUploadReceived: {
            fileId: string;
            /** @enum {string} */
            status: "processing";
        };
        GalleryFile: {
            contentType: string;
            durationMs: number | null;
            fileId: string;
            height: number | null;
            name: string;
            /** @enum {string} */
            previewStatus: "pending" | "ready" | "none";
            /** @description A webp about 1600 px (a video's poster); null if none. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            previewUrl: string | null;
            /** @description takenAt when known, else uploadedAt */
            refDate: number;
            /**
             * @description Whether a guest sent it through a drop link or a member uploaded it: no more
             * @enum {string}
             */
            sentBy: "guest" | "team";
            /** @description Bytes */
            size: number;
            /** @description From the EXIF, epoch ms */
            takenAt: number | null;
            /** @description A larger square webp thumbnail; null if none. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            thumbnailLargeUrl: string | null;
            /** @description A square webp thumbnail, as members get; null if none. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            thumbnailUrl: string | null;
            /** @description Epoch ms */
            uploadedAt: number;
            width: number | null;
        };
        GalleryFileDetail: components["schemas"]["GalleryFile"] & {
            /** @description The original as an attachment, valid 5 minutes; its bytes count toward the team owner's traffic. With disk storage it stops as soon as the link no longer opens its gallery. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            downloadUrl: string;
            /** @description The older neighbour; null last */
            nextId: string | null;
            /** @description A video's original, inline for a <video> element, valid 1 hour; null for anything else. With disk storage it stops as soon as the link no longer opens its gallery. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            playUrl: string | null;
            /** @description Its place in the gallery, from 1 */
            position: number;
            /** @description The newer neighbour; null first */
            previousId: string | null;
            total: number;
        };
        GalleryPage: {
            collection: {
                /** @description Files the gallery shows in all */
                fileCount: number;
                name: string;
            };
            /** @description Newest first (by refDate) */
            files: components["schemas"]["GalleryFile"][];
            /** @description Null on the last page */
            nextCursor: string | null;
            team: {
                /** @description The logo image as a path on this API (/api/logos/<id>.webp): resolve it against the address the API was reached at; null when there is none */
                logoUrl: string | null;
                name: string;
            };
            /** @description The link's title */
            title: string;
        };
        GalleryZip: {
            expiresAt: number;
            fileCount: number;
            /** @description The archive's name without .zip */
            name: string;
            parts: {
                fileCount: number;
                partId: number;
                size: number;
                url: string;
            }[];
            /** @description Bytes of every part together */
            size: number;
            /** @description The first part's zip (the whole zip when it has one part): a GET link on this API (/api/archives/...), no credential needed, valid 6 hours; resolve it against the address the API was reached at. Served with its length, an ETag and Range support, only while the link still opens its gallery: revoked it is dropLinkRevoked, showing guests nothing it is notFound */
            url: string;
        };
        /** @description A file a guest sent through a drop link: who (the name they gave) and through which link; uploadedBy is then the link's creator. Null for a member's file */
        GuestAttribution: {
            /** @description The drop link the file came through */
            linkId: string;
            /** @description That link's title */
            linkTitle: string;
            /** @description The name the guest gave; null if none */
            name: string | null;
        } | null;
        GuestEntry: {
            guestId: string;
            /** @description The guest's credential on this link: send it as `Authorization: Bearer` on the guest calls. Only its hash is kept: it cannot be shown again */
            guestToken: string;
        };
        GuestEntryRequest: {
            /** @description Optional; kept only when the link offers the field (askEmail) */
            email?: string;
            /** @description 1 to 50 characters, trimmed, as askName says: required, optional, or off (then ignored) */
            name?: string;
            /** @description The link's PIN, when it has one */
            pin?: string;
        };
        GuestFile: {
            /** @description Epoch ms: when it was sent */
            createdAt: number;
            /** @description Epoch ms: the guest may delete it until then */
            deletableUntil: number;
            fileId: string;
            /** @description Waiting for review: others do not see it yet */
            held: boolean;
            name: string;
            size: number;
            /** @enum {string} */
            status: "uploading" | "processing" | "ready" | "failed";
        };
        HeldFile: {
            contentType: string;
            /** @description When the guest sent it (epoch ms) */
            createdAt: number;
            fileId: string;
            guest: components["schemas"]["GuestAttribution"];
            name: string;
            /** @description Signed inline link to its preview, valid 1 hour, for the caller alone; null when none. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            previewUrl: string | null;
            /** @description Bytes */
            size: number;
            /** @description Signed inline link to its thumbnail, valid 1 hour, for the caller alone; null when none. With disk storage a path on this API (/api/blobs/...): resolve it against the address the API was reached at; with S3 storage an absolute URL on the bucket */
            thumbnailUrl: string | null;
        };
        HeldFileList: {
            /** @description Newest first */
            files: components["schemas"]["HeldFile"][];
            pagination: {
                /** @description Null on the last page */
                lastKey: string | null;
            };
        };
        HiddenCollectionError: components["schemas"]["Error"] & {
            /** @description The collection's creator: whom to ask; null once removed */
            creator?: {
                /** @description The avatar image as a path on this API (/api/avatars/<id>.webp): resolve it against the address the API was reached at; null when there is none */
                avatarUrl: string | null;
                nickname: string;
                userId: string;
            } | null;
        };
        InternalMemberCreated: {
            credentials: components["schemas"]["InternalMemberCredentials"];
            member: components["schemas"]["Member"];
        };
        InternalMemberCredentials: {
            /** @description Generated; replaced at the first sign-in */
            password: string;
            /** @description The team code: its star alias */
            teamAlias: string | null;
            teamId: string;
            username: string;
        };
        InvitationAccepted: {
            /** @description When a guest's account was just created: as /auth/signin answers */
            auth?: {
                result: {
                    AccessToken: string;
                    ExpiresIn: number;
                    IdToken: string;
                    RefreshToken: string;
                    /** @enum {string} */
                    TokenType: "Bearer";
                };
            };
            membership: {
                /** @enum {string} */
                role: "owner" | "admin" | "uploader" | "upviewer" | "viewer";
                teamId: string;
            };
        };
        /** @description authorizationRequired (the email has an account: sign in first) or newInvitedAccountRequired (send the password to create the account), with the invited email */
        InvitationChallenge: components["schemas"]["Error"] & {
            email: string;
        };
        InvitationPreview: {
            /** @description The invited address */
            email: string;
            /** @description Who invited, by their name in the team; null once they are no longer in it */
            inviterNickname: string | null;
            /** @enum {string} */
            role: "owner" | "admin" | "uploader" | "upviewer" | "viewer";
            teamName: string;
        };
        InvitationPreviewRequest: {
            token: string;
        };
        InviteMemberRequest: {
            email: string;
            /**
             * @description The language of the invitation mail
             * @default en
             * @enum {string}
             */
            locale: "en" | "it";
            nickname: string;
            /** @enum {string} */
            role: "admin" | "uploader" | "viewer" | "upviewer";
        };
        LogoStatus: {
            /** @description When error: invalidTeamLogo (not an accepted image, too large, a refused link), expiredToken (nothing was uploaded in time) or generic */
            errorCode?: string;
            logoId: string;
            /** @description The logo image as a path on this API (/api/logos/<id>.webp): resolve it against the address the API was reached at; only when ready */
            logoUrl?: string;
            message?: string;
            /**
             * @description Poll every second while processing
             * @enum {string}
             */
            status: "processing" | "ready" | "error";
        };
        LogoUpload: {
            logoId: string;
            /** @description For contentType: PUT the image's bytes here, once, within 15 minutes, without a bearer token. Null for remoteUrl. */
            uploadUrl: string | null;
        };
        Member: {
            /** @description The avatar image as a path on this API (/api/avatars/<id>.webp): resolve it against the address the API was reached at; null when there is none */
            avatarUrl: string | null;
            createdAt: number;
            /** @description The user id of who added the member */
            createdBy: string;
            /** @description Epoch ms */
            inviteExpiresAt: number | null;
            joinedAt: number | null;
            nickname: string;
            /** @enum {string} */
            role: "owner" | "admin" | "uploader" | "upviewer" | "viewer";
            /**
             * @description As stored, except an invitation past inviteExpiresAt: invitation_expired
             * @enum {string}
             */
            status: "active" | "invited" | "pending" | "rejected" | "left" | "banned" | "disabled" | "invitation_expired";
            teamId: string;
            /** @enum {string} */
            type: "internal" | "other";
            /** @description The user id; for an invitation nobody has accepted yet, EMAIL#<address> to owners, admins and its inviter, and to anyone else INVITED# and a stable opaque code, which the member endpoints take too */
            userId: string;
        };
        MemberDetail: components["schemas"]["Member"] & {
            /** @description Shown to the member themself and to roles that update any member; else null */
            email: string | null;
            /** @description An internal member's sign-in name; null for everyone else, who sign in with their email */
            username: string | null;
        };
        MemberList: {
            members: components["schemas"]["Member"][];
            pagination: {
                /** @description Null on the last page */
                lastKey: string | null;
            };
        };
        /** @description JSON Patch: replace /role (admin, uploader, viewer, upviewer), /nickname, or /status (disabled or banned or active); each checked against the member-menu rules */
        MemberPatch: components["schemas"]["MemberPatchOperation"][];
        MemberPatchOperation: {
            /** @enum {string} */
            op: "replace";
            /** @enum {string} */
            path: "/role" | "/nickname" | "/status";
            value: string;
        };
        NewPasswordChallenge: {
            /** @enum {string} */
            errorCode: "newPasswordRequired";
            message: string;
            session: string;
            /** @enum {number} */
            statusCode: 401;
            teamId: string | null;
            username: string;
        };
        NewPasswordRequest: {
            newPassword: string;
            session: string;
            /** @default null */
            teamId: string | null;
            username: string;
        };
        Ok: {
            /** @enum {boolean} */
            ok: true;
        };
        PasswordSignInResult: {
            /** @description Opaque, for a year: kept by this client (an httpOnly cookie, the app's secure storage) and sent with its next sign-ins as `device` */
            device: string;
            result: components["schemas"]["Tokens"];
        };
        PaymentRedirect: {
            /** Format: uri */
            url: string;
        };
        Plan: {
            /** @description First day it can be chosen (YYYY-MM-DD) */
            availableFrom: string | null;
            /** @enum {string|null} */
            badge: "most_popular" | "best_value" | "recommended" | "coming_soon" | "coming_2026" | "early_access" | "custom_pricing" | "promo" | "limited_time" | "expired" | null;
            /** @enum {string} */
            billingInterval: "monthly" | "3 months" | "6 months" | "yearly";
            /** @description Last day it can be chosen (YYYY-MM-DD) */
            expiresDate: string | null;
            features: string[];
            /** @description -1 is unlimited */
            limitAliasesPerTeam: number;
            /** @description -1 is unlimited */
            limitMembersPerTeam: number;
            /** @description -1 is unlimited */
            limitStorageBytes: number;
            /** @description -1 is unlimited */
            limitTeams: number;
            /** @description -1 is unlimited */
            limitTrafficBytes: number;
            /** @enum {string} */
            limitTrafficType: "per_month" | "total";
            planId: string;
            /** @description Euro per billing interval */
            price: number;
            /** @enum {string} */
            status: "active" | "inactive";
            /** @description Days a deleted file or collection stays in the trash, and a deleted team waits before it is purged, for the teams of an owner on this plan; fixed when each is deleted (ADR 092) */
            trashRetentionDays: number;
            /** @enum {string} */
            type: "free" | "paid";
        };
        PlanChoice: {
            planId: string;
        };
        Plans: {
            /** @description Whether plans are sold here; false on a server without billing */
            billing: boolean;
            plans: components["schemas"]["Plan"][];
        };
        /** @description JSON Patch: add, replace or remove on /firstName, /lastName, /nickname, /preferredName */
        ProfilePatch: components["schemas"]["ProfilePatchOperation"][];
        ProfilePatchOperation: {
            /** @enum {string} */
            op: "add" | "replace" | "remove";
            /** @enum {string} */
            path: "/firstName" | "/lastName" | "/nickname" | "/preferredName";
            value?: string | null;
        };
        Readiness: {
            checks: {
                /** @enum {string} */
                database: "ok" | "failed";
                /** @enum {string} */
                storage: "ok" | "failed";
            };
            message: string;
            /** @enum {string} */
            status: "ok" | "unavailable" | "draining";
            /** @description Server time, epoch milliseconds */
            timestamp: number;
        };
        RefreshRequest: {
            refreshToken: string;
        };
        RejectInvitationRequest: {
            token: string;
        };
        ResendInvitationRequest: {
            userId: string;
        };
        ResetPasswordRequest: {
            code: string;
            /** @description The device token of this client's last sign-in to the account: its tries are counted on a budget of its own, which strangers' wrong guesses cannot spend */
            device?: string;
            email: string;
            newPassword: string;
        };
        RestoredCollection: {
            collectionId: string;
        };
        RestoredFile: {
            collectionId: string;
            fileId: string;
        };
        RestoredTeam: {
            name: string;
            /** @description Epoch ms */
            restoredAt: number;
            teamId: string;
        };
        ReviewDecision: {
            /**
             * @description approve: the files join the collection's lists; reject: they go to the trash, as a delete sends them
             * @enum {string}
             */
            decision: "approve" | "reject";
            /** @description Held files of this collection, 1 to 200 */
            fileIds: string[];
        };
        ReviewOutcome: {
            /** @description Files approved */
            approved?: number;
            /** @description Files moved to the trash */
            rejected?: number;
            /** @description Ids left alone: not held files of this collection (reviewed already, another collection's, unknown), or given twice */
            skipped: number;
        };
        /** @description email, or username (with team for internal members) */
        SignInRequest: {
            /** @description The device token this client's last sign-in to the account answered: a known device is spared the account's budget of failed tries, and has one of its own */
            device?: string;
            email?: string;
            password: string;
            /** @description The team code for internal members: the team's id or any of its aliases */
            team?: string;
            username?: string;
        };
        SignInResult: {
            result: components["schemas"]["Tokens"];
        };
        SignOutRequest: {
            accessToken: string;
        };
        SignUpRequest: {
            /**
             * @description The person confirmed they are 16 or older; an account is not made without it
             * @enum {boolean}
             */
            ageConfirmed: true;
            email: string;
            /**
             * @default en
             * @enum {string}
             */
            locale: "en" | "it";
            nickname: string;
            password: string;
            /** @description The privacy policy's version accepted (its date) */
            privacyVersion: string;
            /** @description The terms' version accepted (its date) */
            termsVersion: string;
        };
        SignUpResult: {
            email: string;
            /** @description Opaque, for this client only (never in a URL or a mail), for a day: sent with the code to /auth/verify-email, it signs this client in as the address is confirmed */
            signUpProof: string;
            /** @description Goes into the verify link with the email */
            username: string;
        };
        StartUploadRequest: {
            /**
             * @description What the file is; the bytes must agree (empty or application/octet-stream: any)
             * @example image/jpeg
             */
            contentType: string;
            /** @description The file's name, 2 to 255 characters; shown shortened to 50 (extension kept) */
            name: string;
            /** @description The exact number of bytes that will be sent */
            size: number;
        };
        Status: {
            message: string;
            /** @enum {string} */
            status: "ok" | "unavailable";
            /** @description Server time, epoch milliseconds */
            timestamp: number;
            /** @description For operators: the smallest tus chunk size clients stepped down to since this process started, because a proxy refused larger request bodies with 413 (raise its body limit, docs/operations.md). Answered to a caller whose bearer token is an active owner's or admin's of some team; null for anyone else, and when no client stepped down */
            uploadChunkLimitBytes: number | null;
        };
        Subscription: {
            email: string;
        };
        SubscriptionRequest: {
            email: string;
            /**
             * @default en
             * @enum {string}
             */
            locale: "en" | "it";
            privacyVersion: string;
            termsVersion: string;
        };
        Team: {
            /** @description Every alias, oldest first */
            aliases: string[];
            collectionsCount: number;
            /** @description Epoch ms */
            createdAt: number;
            createdBy: string;
            description: string | null;
            /** @description The logo image as a path on this API (/api/logos/<id>.webp): resolve it against the address the API was reached at; null when there is none */
            logoUrl: string | null;
            /**
             * @description The caller's role in the team
             * @enum {string}
             */
            memberRole: "owner" | "admin" | "uploader" | "upviewer" | "viewer";
            /** @description Active members */
            membersCount: number;
            /** @description How many active members can see no collection of the team (uploaders with no collaborative collection and none of their own), for the roles that may share collections (owner, admin); null for the others */
            membersWithoutCollections: number | null;
            /** @enum {string} */
            mode: "collaborative" | "controlled";
            name: string;
            ownerId: string;
            /** @description The favourite alias */
            starAlias: string | null;
            teamId: string;
            /** @description Days what is deleted now stays in the team's trash, and the team waits if it is deleted now: its owner's plan's (ADR 092, ADR 094) */
            trashRetentionDays: number;
            /** @description Epoch ms */
            updatedAt: number;
            updatedBy: string;
        };
        TeamDeletionSummary: {
            collectionsCount: number;
            /** @description Bytes of its files: they count against the owner's storage until the purge */
            filesBytes: number;
            filesCount: number;
            name: string;
            /** @description When the team would be gone for good if it were deleted now (epoch ms) */
            purgeAt: number;
            teamId: string;
        };
        TeamList: {
            pagination: {
                /** @description Null on the last page */
                lastKey: string | null;
            };
            teams: components["schemas"]["TeamListItem"][];
        };
        TeamListItem: {
            /** @enum {string} */
            memberRole: "owner" | "admin" | "uploader" | "upviewer" | "viewer";
            teamCreatedAt: number;
            teamCreatedBy: string;
            /** @description When its owner deleted it (epoch ms); null for a live team (ADR 094) */
            teamDeletedAt: number | null;
            teamId: string;
            /** @description The logo image as a path on this API (/api/logos/<id>.webp): resolve it against the address the API was reached at; null when there is none */
            teamLogoUrl: string | null;
            teamMembersCount: number;
            /** @enum {string} */
            teamMode: "collaborative" | "controlled";
            teamName: string;
            teamOwnerId: string;
            /** @description When a deleted team is gone for good (epoch ms); null for a live team */
            teamPurgeAt: number | null;
            teamStarAlias: string | null;
            teamUpdatedAt: number;
            teamUpdatedBy: string;
        };
        /** @description JSON Patch: replace on /name, /description or /mode (collaborative or controlled); remove on /description */
        TeamPatch: components["schemas"]["TeamPatchOperation"][];
        TeamPatchOperation: {
            /** @enum {string} */
            op: "replace" | "remove";
            /** @enum {string} */
            path: "/name" | "/description" | "/mode";
            value?: string | null;
        };
        /** @description Tokens, when the signUpProof was this sign-up's and this call confirmed the address */
        Tokens: {
            /** @description JWT for Authorization: Bearer */
            AccessToken: string;
            /** @description Seconds the access and ID tokens last */
            ExpiresIn: number;
            /** @description JWT: sub, username, iss, exp, iat, email */
            IdToken: string;
            /** @description Opaque; rotated by /auth/refresh. Presented again within 30 seconds it answers the same new one; later, it ends the session */
            RefreshToken: string;
            /** @enum {string} */
            TokenType: "Bearer";
        };
        TransferOwnershipRequest: {
            /** @description The admin who becomes owner */
            userId: string;
        };
        TrashItem: {
            /** @description Whether the caller may restore it now (false for a file whose collection is in the trash too) */
            canRestore: boolean;
            /** @description The file's collection; a collection's own id */
            collectionId: string;
            /** @description A file whose collection is in the trash too: restoring it answers collectionInTrash until the collection is restored. Always false for a collection */
            collectionInTrash: boolean;
            collectionName: string;
            /** @description A file's type; null for a collection */
            contentType: string | null;
            /** @description When it went to the trash (epoch ms) */
            deletedAt: number;
            /** @description Who deleted it; null once they left the team */
            deletedBy: {
                nickname: string;
                userId: string;
            } | null;
            /** @description How many files come back with a collection; null for a file */
            filesCount: number | null;
            /** @description The file's or the collection's id */
            id: string;
            name: string;
            /** @description When it is removed for good (epoch ms): deletedAt plus the trashRetentionDays of the team owner's plan at the deletion */
            purgeAt: number;
            /** @description Bytes: a file's size; a collection's files' total (those that come back with it) */
            size: number;
            /** @enum {string} */
            type: "file" | "collection";
        };
        TrashPage: {
            /** @description Newest deletion first */
            items: components["schemas"]["TrashItem"][];
            /** @description Null on the last page */
            nextCursor: string | null;
            /** @description The bytes of the whole trash the caller sees: they count toward the team owner's storage until they are purged */
            totalBytes: number;
        };
        UnsubscribeRequest: {
            email: string;
            token: string;
        };
        UploadRoom: {
            /** @description The largest single file, bytes */
            fileMaxBytes: number;
            /** @description Bytes left on the team owner's plan for new files (uploads under way count); null: no limit. A start can still be refused if other files take the room first */
            storageLeftBytes: number | null;
        };
        Usage: {
            storage: {
                /** @description -1 is unlimited */
                limitBytes: number;
                /** @description Files in every team the caller owns, those in the trash and in deleted teams included until they are purged (ADR 092, ADR 094) */
                usedBytes: number;
            };
            traffic: {
                /** @description The period's last instant (epoch ms); null for total */
                endPeriod: number | null;
                /** @description -1 is unlimited */
                limitBytes: number;
                /** @enum {string} */
                limitType: "per_month" | "total";
                /** @description The period's first instant (epoch ms; a UTC month); null for total */
                startPeriod: number | null;
                /** @description Bytes sent by downloads (zips and files' original bytes) of those teams */
                usedBytes: number;
            };
        };
        User: {
            /** @description The avatar image as a path on this API (/api/avatars/<id>.webp): resolve it against the address the API was reached at; null when there is none */
            avatarUrl: string | null;
            email: string | null;
            firstName: string | null;
            /** @description Whether the account has a password: false for one that signs in only through a provider */
            hasPassword: boolean;
            lastName: string | null;
            nickname: string | null;
            preferredName: string | null;
            userId: string;
            username: string;
            /**
             * @description global may create teams (self sign-ups); team is an internal member
             * @enum {string}
             */
            userScope: "global" | "team";
        };
        VerifyEmailRequest: {
            code: string;
            email: string;
            /** @description The signUpProof this client's sign-up answered, to be signed in; its tries are counted on a budget of its own, which strangers' wrong guesses cannot spend */
            signUpProof?: string;
            username: string;
        };
        VerifyEmailResult: {
            /** @enum {boolean} */
            ok: true;
            result?: components["schemas"]["Tokens"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
