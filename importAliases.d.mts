export declare const importAliases: Record<'@domain' | '@server' | '@web', string>;
