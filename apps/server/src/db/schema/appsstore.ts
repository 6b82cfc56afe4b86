// The appsstore area's tables; they land with issue 8.
export {};
