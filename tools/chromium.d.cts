export declare const executablePath: string;
export declare const args: string[];
export declare const launchOptions: { executablePath: string; args: string[] };
export declare function assertChromium(): void;
