/** The folder holding the built page (index.html and its assets), for a server to serve at `/`. */
export declare const webRoot: string
