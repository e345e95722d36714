package org.infiniscope.cm.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.infiniscope.cm.CmConnection;
import org.infiniscope.cm.CmState;
import org.infiniscope.mad.Gid;
import org.junit.jupiter.api.Test;

class CmConnectionsServiceTest {

    private static CmConnection conn(String node, int commId, CmState state) {
        return new CmConnection(node, "sim_" + node, 1, commId, 0, 0x10, 0, state, CmState.LAP_IDLE, 0x1000, 0,
                Gid.ZERO, 0x100, 0, true);
    }

    @Test
    void listsEveryCmByNodeThenCommIdAndForgetsRemovedOnes() throws Exception {
        CmDirectory directory = new CmDirectory();
        CmConnectionsService service = new CmConnectionsService(directory);
        AutoCloseable h2 = directory.add(() -> List.of(conn("h2", 7, CmState.ESTABLISHED)));
        AutoCloseable h1 = directory
                .add(() -> List.of(conn("h1", 0x90000000, CmState.REQ_SENT), conn("h1", 3, CmState.LISTEN)));
        assertEquals(List.of(3, 0x90000000, 7), service.connections().stream().map(CmConnection::localCommId).toList());
        assertEquals(List.of(CmState.ESTABLISHED),
                service.connections("h2").stream().map(CmConnection::state).toList());
        h2.close();
        assertTrue(service.connections("h2").isEmpty());
        h1.close();
        assertTrue(service.connections().isEmpty());
    }

    @Test
    void listenersHearOfChanges() throws Exception {
        CmDirectory directory = new CmDirectory();
        List<CmConnection> heard = new ArrayList<>();
        AutoCloseable handle = new CmConnectionsService(directory).addListener(heard::add);
        directory.changed(conn("h1", 1, CmState.REQ_SENT));
        handle.close();
        directory.changed(conn("h1", 1, CmState.ESTABLISHED));
        assertEquals(1, heard.size());
    }
}
