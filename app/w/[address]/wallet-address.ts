// A /w link names a wallet by its base58 address; anything else is a 404 (and the brand card).
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export const isWalletAddress = (address: string) => ADDRESS.test(address);

/** "BBAU…oiCs": how the page and its card name a wallet without a display name. */
export const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;
