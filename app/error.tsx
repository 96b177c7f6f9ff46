"use client";

// Errors the dashboard's own boundary cannot catch: those of its layout, which loads the signed-in
// user (a database that cannot be reached fails there first). The same page, without the header.
export { default } from "./(dashboard)/error";
