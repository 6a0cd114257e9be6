export { default } from "./kubex.nodes-tree._index";
