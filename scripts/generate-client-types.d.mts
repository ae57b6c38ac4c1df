// Types of generate-client-types.mjs for the TypeScript tests that import it.
export declare const GENERATED_TYPES: string;
export declare function generateClientTypes(openapiPath?: string): Promise<string>;
