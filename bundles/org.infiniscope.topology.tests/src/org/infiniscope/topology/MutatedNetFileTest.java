package org.infiniscope.topology;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Damaged files: whatever the damage, the reader returns a fabric or a {@link TopologyFormatException} naming a
 * line, never another exception. A small fixed slice; wider runs belong in a bench script.
 */
class MutatedNetFileTest {

    private static final String ALPHABET = "[]\"#=@+()0x9 \n\tSwitchHcaCaRtincludedo-";

    @Test
    void mutationsGiveAFabricOrALineNumber() {
        String[] bases = {Fabrics.text("irregular-1.net"), Fabrics.text("ibnetdiscover-irregular-1.txt")};
        Random random = new Random(4);
        for (int i = 0; i < 2000; i++) {
            StringBuilder text = new StringBuilder(bases[i % 2]);
            for (int m = 0; m < 1 + random.nextInt(4); m++) {
                int at = random.nextInt(text.length());
                switch (random.nextInt(3)) {
                    case 0 -> text.deleteCharAt(at);
                    case 1 -> text.insert(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
                    default -> text.setCharAt(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
                }
            }
            try {
                NetFiles.parse("m.net", text.toString(), null);
            } catch (TopologyFormatException e) {
                assertTrue(e.getMessage().startsWith("m.net:"), e.getMessage());
            }
        }
    }
}
