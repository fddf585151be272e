// As palavras da própria página em português europeu: as mesmas chaves de
// words_en.js (as palavras do tabuleiro são as do firmware,
// firmware/app/texts_pt.py).
(self.PAGE_WORDS = self.PAGE_WORDS || {}).pt = {
  html: "pt-PT",
  name: "Português",
  title: "Tabuleiro de jogos",
  board: "Tabuleiro",
  club9: "club9: 9 x 9, peças reais (sensores de íman)",
  club8: "club8: 8 x 8, botões",
  language: "Língua",
  boardHelp: "O tabuleiro. As setas movem, o espaço toca, P pousa ou levanta uma peça, " +
             "M O U H tocam Menu OK Anular Ajuda, as maiúsculas seguram-nas",
  keys: ["Menu", "OK", "Anular", "Ajuda"],
  says: "O tabuleiro diz:",
  piecesMode: "um clique pousa ou levanta uma peça (peças reais; um clique direito fá-lo sempre)",
  howTo: "Como jogar aqui",
  help: [
    "Clica ou toca numa casa para lhe tocar; mantém o botão premido para a segurar.",
    "No club9, um tabuleiro para peças reais: clique direito numa casa (ou marca a caixa " +
      "acima) para lá pousar uma peça ou a levantar.",
    "Teclado: as setas movem o cursor, espaço ou enter tocam, <kbd>p</kbd> pousa ou levanta " +
      "uma peça, <kbd>m</kbd> <kbd>o</kbd> <kbd>u</kbd> <kbd>h</kbd> tocam Menu, OK, Anular, " +
      "Ajuda, as maiúsculas seguram-nas 2,5 s.",
    "O jogo em curso fica guardado neste navegador: fecha o separador e volta a ele, como um " +
      "tabuleiro o guarda num corte de energia.",
  ],
  offGame: "fora do jogo",
  starting: "A ligar o tabuleiro…",
  isOn: "{name} ({kind}) está ligado.",
  reed: "peças reais",
  button: "botões",
  cursor: "Cursor em {square}",
  notKept: "Este navegador não guarda os jogos do tabuleiro ({why}).",
  notStarted: "O tabuleiro não arrancou: {why}",
  stopped: "O tabuleiro parou: {why}",
  asFile: "Os navegadores só correm este tabuleiro a partir de um endereço web: nesta pasta, " +
          "corre python3 serve.py e abre o endereço que ele mostra.",
};
