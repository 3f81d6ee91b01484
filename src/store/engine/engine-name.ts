/** The engines a store runs on. */
export type EngineName = 'sqlite' | 'postgres';
