// The React portal arrives with the web portal issues.
export {};
