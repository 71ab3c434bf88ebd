export declare function stemmer(word: string): string;
export declare const language: string;
