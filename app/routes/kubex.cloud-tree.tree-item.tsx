export { default } from "./kubex.cloud-tree._index";
